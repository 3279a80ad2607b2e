// The model of the two chases, lc913 and lc1728: a mouse and a cat on spots (nodes, cells).
// A position is (mouse * n + cat) * 2 + turn, as in the solvers; DATA.table holds each
// position's plies to the end times 3 plus its outcome (0 none, 1 mouse wins, 2 cat wins), from
// the solver's retrograde table. lc1728's 1000-ply limit (DATA.limit) turns a win the mouse
// cannot finish in time, and a position nobody can force to an end, into the cat's win. On a
// `--check` page with a diagnosis, DATA.yours holds what the user's program said of each
// position with the mouse to move, shown beside the truth in the line and under the status.
const P = (function () {
  const D = DATA;
  const MOUSE = 1, CAT = 2;
  const decode = (p) => [Math.floor(p / 2 / D.n), Math.floor(p / 2) % D.n, p % 2];
  const encode = (mouse, cat, turn) => (mouse * D.n + cat) * 2 + turn;
  const outcome = (p) => D.table[p] % 3;
  const pliesOf = (p) => Math.floor(D.table[p] / 3);
  const who = (side) => (side === MOUSE ? "mouse" : "cat");
  const plural = (count) => count + (count === 1 ? " ply" : " plies");
  const ended = (p) => outcome(p) !== 0 && pliesOf(p) === 0;
  const last = (hist) => hist[hist.length - 1];

  // A `--check` diagnosis (DATA.yours, null without one): what the user's program said of
  // each position with the mouse to move, by its places, against the truth of that position
  // as a game of its own; codes as the table's, -1 no answer.
  const RESULTS = ["draw", "mouse wins", "cat wins"];
  const yours = new Map();
  for (const [mouse, cat, truth, said] of D.yours === null ? [] : D.yours.answers) {
    yours.set(mouse * D.n + cat, { truth, said });
  }
  // The program's answer at `p` in words, and whether it is the truth; null where it was
  // not asked (the cat to move, the game over).
  function answerAt(p) {
    const [mouse, cat, turn] = decode(p);
    const answer = turn === 0 ? yours.get(mouse * D.n + cat) : undefined;
    if (answer === undefined) return null;
    const said = answer.said < 0 ? "nothing" : RESULTS[answer.said];
    return { said, truth: RESULTS[answer.truth], right: answer.said === answer.truth };
  }
  // ` · the truth: cat wins · your program says draw` for the line, marked right or wrong.
  function yoursNote(p) {
    const answer = answerAt(p);
    if (answer === null) return "";
    return " \u00b7 the truth: " + answer.truth + ' \u00b7 <span class="yours ' +
      (answer.right ? "right" : "wrong") + '">your program says ' + answer.said + "</span>";
  }
  // The position `MOUSE,CAT` (spot numbers) with the mouse to move, or null.
  function at(where) {
    const places = where.split(",").map(Number);
    const valid = places.length === 2 && places.every((s) => Number.isInteger(s) && s >= 0 && s < D.n);
    return valid ? encode(places[0], places[1], 0) : null;
  }

  // Who wins from `p`, reached at ply `ply`, and in how many plies from `p`; `byLimit` when
  // the limit decides it.
  function judged(p, ply) {
    const [winner, plies] = [outcome(p), pliesOf(p)];
    if (D.limit > 0 && (winner === 0 || ply + plies > D.limit)) {
      return { winner: CAT, plies: Math.max(D.limit - ply, 0), byLimit: true };
    }
    return { winner, plies, byLimit: false };
  }
  // `fate` (from a position `extra` plies after the mover's) in the mover's words.
  function phrase(mover, fate, extra) {
    if (fate.winner === 0) return { cls: "draw", text: "draw" };
    const cls = fate.winner === mover ? "win" : "lose";
    const verb = cls === "win" ? "wins" : "loses";
    const when = fate.byLimit ? " by the " + D.limit + "-ply limit" : " in " + plural(fate.plies + extra);
    return { cls, text: verb + when };
  }

  function moves(hist) {
    const [mouse, cat, turn] = decode(last(hist));
    const mover = turn === 0 ? MOUSE : CAT;
    const targets = turn === 0 ? D.mouseMoves[mouse] : D.catMoves[cat];
    return targets.map((to) => {
      const after = turn === 0 ? encode(to, cat, 1) : encode(mouse, to, 0);
      const fate = judged(after, hist.length);
      const said = phrase(mover, fate, 1);
      const from = turn === 0 ? mouse : cat;
      const label = to === from ? who(mover) + " stays on " + D.names[to] : who(mover) + " \u2192 " + D.names[to];
      return { key: D.names[to], to: after, spot: to, label, cls: said.cls, text: said.text, plies: fate.plies + 1 };
    });
  }

  function result(hist) {
    const here = last(hist);
    const [mouse, cat] = decode(here);
    const ply = hist.length - 1;
    if (ended(here)) {
      const how = mouse === cat ? "the cat caught the mouse"
        : outcome(here) === MOUSE ? "the mouse reached the " + D.goal : "the cat reached the food";
      return who(outcome(here)) + " wins after " + plural(ply) + ": " + how;
    }
    const first = hist.indexOf(here);
    if (D.repeats && first < ply) {
      return "draw: the position after ply " + ply + " is the one after ply " + first;
    }
    if (D.limit > 0 && ply >= D.limit) {
      return "cat wins: the mouse did not reach the food within " + D.limit + " plies";
    }
    return null;
  }

  function status(hist) {
    const here = last(hist);
    const [mouse, cat, turn] = decode(here);
    const where = "mouse on " + D.names[mouse] + ", cat on " + D.names[cat];
    if (ended(here)) return where;
    const mover = turn === 0 ? MOUSE : CAT;
    const said = phrase(mover, judged(here, hist.length - 1), 0);
    const fate = said.cls === "draw" ? "a draw" : "the " + who(mover) + " " + said.text;
    return where + ", " + who(mover) + " to move: " + fate;
  }

  function state(hist) {
    const [mouse, cat, turn] = decode(last(hist));
    return "mouse=" + D.names[mouse] + " cat=" + D.names[cat] + " turn=" + who(turn === 0 ? MOUSE : CAT);
  }

  function ply(keys, index) {
    const [mouse, cat, turn] = decode(keys[index - 1]);
    const [nextMouse, nextCat] = decode(keys[index]);
    const [from, to] = turn === 0 ? [mouse, nextMouse] : [cat, nextCat];
    const text = who(turn === 0 ? MOUSE : CAT) + " " + D.names[from] + " \u2192 " + D.names[to];
    return { text: text + yoursNote(keys[index]), cls: "" };
  }
  const start = (key) => ({ text: "start" + yoursNote(key), cls: "" });

  // What the program says of the position shown, and the contradiction's lines where it is.
  const yoursLine = document.getElementById("yours");
  const contradiction = document.getElementById("contradiction");
  const contradictionAt = D.yours === null || D.yours.contradiction === null ? null
    : encode(D.yours.contradiction[0], D.yours.contradiction[1], 0);
  function drawYours(here) {
    if (D.yours === null) return;
    const answer = answerAt(here);
    yoursLine.hidden = answer === null;
    if (contradiction !== null) contradiction.hidden = here !== contradictionAt;
    document.body.dataset.yours = answer === null ? "none" : answer.right ? "right" : "wrong";
    if (answer === null) return;
    yoursLine.className = answer.right ? "win" : "lose";
    yoursLine.textContent = "your program says " + answer.said + " here, the mouse to move; " +
      "the truth: " + answer.truth + (answer.right ? ": right" : ": misjudged");
  }

  // The drawing: the tokens and the last move's arrow, made here once; each legal move's
  // destination tinted by its outcome and clickable.
  const svg = document.querySelector("#board svg");
  const spots = Array.from(svg.querySelectorAll("[data-spot]"));
  const NS = "http://www.w3.org/2000/svg";
  function make(tag, attributes, parent) {
    const element = document.createElementNS(NS, tag);
    for (const name of Object.keys(attributes)) element.setAttribute(name, attributes[name]);
    parent.appendChild(element);
    return element;
  }
  const arrow = make("line", { id: "arrow", visibility: "hidden" }, svg);
  // A token rings its spot (the spot's name stays readable) and carries a badge, M or C; the
  // cat's ring is the wider, so both show when the cat has caught the mouse.
  const tokens = ["mouse", "cat"].map((name, index) => {
    const group = make("g", { id: name, class: "token" }, svg);
    make("circle", { class: "ring", r: D.radius + 3 + 4 * index }, group);
    const badge = D.radius * 0.55;
    const [x, y] = index === 0 ? [-D.radius * 0.85, -D.radius * 0.85] : [D.radius * 0.85, -D.radius * 0.85];
    make("circle", { class: "badge", r: badge, cx: x, cy: y }, group);
    const letter = make("text", { x, y, style: "font-size:" + Math.round(badge * 1.3) + "px" }, group);
    letter.textContent = name === "mouse" ? "M" : "C";
    return group;
  });
  function place(token, spot) {
    const [x, y] = D.spots[spot];
    token.setAttribute("transform", "translate(" + x + " " + y + ")");
    token.dataset.at = D.names[spot];
  }

  function draw(hist, legal) {
    drawYours(last(hist));
    const [mouse, cat] = decode(last(hist));
    place(tokens[0], mouse);
    place(tokens[1], cat);
    arrow.setAttribute("visibility", "hidden");
    tokens.forEach((token) => token.classList.remove("stayed"));
    if (hist.length > 1) {
      const [before, after] = [decode(hist[hist.length - 2]), decode(last(hist))];
      const moved = before[2] === 0 ? [before[0], after[0]] : [before[1], after[1]];
      // A stay has no arrow: the mover's ring turns dashed.
      if (moved[0] === moved[1]) tokens[before[2]].classList.add("stayed");
      if (moved[0] !== moved[1]) {
        const [[x1, y1], [x2, y2]] = [D.spots[moved[0]], D.spots[moved[1]]];
        const length = Math.hypot(x2 - x1, y2 - y1);
        const stop = Math.max(length - D.radius * 1.2, 0) / length;
        arrow.setAttribute("x1", x1);
        arrow.setAttribute("y1", y1);
        arrow.setAttribute("x2", x1 + (x2 - x1) * stop);
        arrow.setAttribute("y2", y1 + (y2 - y1) * stop);
        arrow.setAttribute("visibility", "visible");
      }
    }
    for (const spot of spots) {
      spot.classList.remove("dest-win", "dest-draw", "dest-lose");
      delete spot.dataset.key;
    }
    for (const move of legal) {
      const spot = spots[move.spot];
      spot.classList.add("dest-" + move.cls);
      spot.dataset.key = move.key;
    }
  }

  return {
    line: D.line, lineName: "the optimal line", moves, result, status, state, ply, start, draw, at,
    noMoves: () => "none: the player to move is stuck",
  };
})();
