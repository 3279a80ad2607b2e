// The model of NOI2011's recorded game. A position is the record's index i (before move
// i + 1; Tutu moves at even i), or "i>cell" for a move off the record from position i.
// DATA.moves[i] lists position i's legal moves as 2 * cell + (1 if the mover wins after it),
// from the maximum matchings; DATA.path is where the empty cell stands before each move.
const P = (function () {
  const D = DATA;
  const name = (cell) => "(" + (Math.floor(cell / D.cols) + 1) + "," + ((cell % D.cols) + 1) + ")";
  const player = (index) => (index % 2 === 0 ? "Tutu" : "Dandan");
  // The record's positions where Tutu erred: her move from there is a mistake.
  const erred = new Set(D.mistakes.map((round) => 2 * (round - 1)));
  const last = (hist) => hist[hist.length - 1];
  // [the record's index, the cell moved off the record or -1]
  const split = (key) => (typeof key === "number" ? [key, -1] : key.split(">").map(Number));

  function moves(hist) {
    const key = last(hist);
    if (typeof key !== "number") return [];
    return D.moves[key].map((code) => {
      const cell = Math.floor(code / 2);
      const wins = code % 2 === 1;
      const played = D.path[key + 1] === cell;
      return {
        key: name(cell), to: played ? key + 1 : key + ">" + cell, plies: 0,
        label: player(key) + " " + name(cell) + (played ? " (the record's)" : ""),
        cls: wins ? "win" : "lose", text: wins ? "wins" : "loses",
      };
    });
  }
  const moverWins = (index) => D.moves[index].some((code) => code % 2 === 1);

  function result(hist) {
    const key = last(hist);
    if (typeof key !== "number" || D.moves[key].length > 0) return null;
    return player(key) + " cannot move: " + player(key + 1) + " wins";
  }

  function status(hist) {
    const [index, off] = split(last(hist));
    if (off >= 0) {
      const moverWon = D.moves[index].some((code) => code === 2 * off + 1);
      return "off the record: " + player(index) + " moved " + name(off) + " where the record has " +
        name(D.path[index + 1]) + "; " + player(index + 1) + " to move " +
        (moverWon ? "loses" : "wins");
    }
    const when = index < D.path.length - 1 ? "before move " + (index + 1) : "after the last move";
    const fate = D.moves[index].length === 0 ? "" : ": " + player(index) + (moverWins(index) ? " wins" : " loses");
    return when + ", empty cell on " + name(D.path[index]) + ", " + player(index) + " to move" + fate;
  }

  function state(hist) {
    const [index, off] = split(last(hist));
    const empty = off >= 0 ? off : D.path[index];
    const played = off >= 0 ? index + 1 : index;
    return "empty=" + name(empty) + " moves=" + played + " turn=" + player(played);
  }

  function ply(keys, index) {
    const before = keys[index - 1];
    const [, off] = split(keys[index]);
    const cell = off >= 0 ? off : D.path[before + 1];
    const mistake = off < 0 && erred.has(before);
    return { text: player(before) + " " + name(cell), cls: mistake ? "mistake" : "" };
  }

  // The drawing: pieces as the record stands, the empty cell's trail, rings on the cells of
  // Tutu's mistaken moves made so far, and each legal move's cell ringed by its outcome.
  const svg = document.querySelector("#board svg");
  const cells = Array.from(svg.querySelectorAll("#cells circle"));
  const start = cells.map((circle) => circle.classList[1]);
  const outside = cells.map((circle) => circle.classList.contains("out"));
  const NS = "http://www.w3.org/2000/svg";
  const layer = (id) => {
    const group = document.createElementNS(NS, "g");
    group.id = id;
    svg.appendChild(group);
    return group;
  };
  const trail = document.createElementNS(NS, "polyline");
  trail.id = "trail";
  svg.appendChild(trail);
  const [rings, targets] = [layer("rings"), layer("targets")];
  const centre = (cell) => [(cell % D.cols) * D.cell + D.cell / 2, Math.floor(cell / D.cols) * D.cell + D.cell / 2];
  function ring(group, cell, className, key) {
    const [x, y] = centre(cell);
    const circle = document.createElementNS(NS, "circle");
    circle.setAttribute("class", className);
    circle.setAttribute("cx", x);
    circle.setAttribute("cy", y);
    circle.setAttribute("r", D.cell * 0.47);
    if (key !== undefined) circle.dataset.key = key;
    group.appendChild(circle);
  }

  function draw(hist, legal) {
    const [index, off] = split(last(hist));
    const pieces = start.slice();
    const walked = D.path.slice(0, index + 1);
    if (off >= 0) walked.push(off);
    for (let step = 1; step < walked.length; step += 1) {
      pieces[walked[step - 1]] = pieces[walked[step]];
      pieces[walked[step]] = "E";
    }
    cells.forEach((circle, cell) => {
      circle.setAttribute("class", "piece " + pieces[cell] + (outside[cell] ? " out" : ""));
    });
    trail.setAttribute("points", walked.map((cell) => centre(cell).join(",")).join(" "));
    rings.textContent = "";
    for (const at of erred) {
      if (at < index) ring(rings, D.path[at + 1], "ring mistake");
    }
    targets.textContent = "";
    for (const move of legal) {
      const cell = typeof move.to === "number" ? D.path[move.to] : split(move.to)[1];
      ring(targets, cell, "target " + move.cls, move.key);
    }
  }

  return {
    line: D.path.map((_, index) => index), lineName: "the record", moves, result, status, state, ply, draw,
    noMoves: () => "not judged: the page has the outcomes along the record only; back returns to it",
  };
})();
