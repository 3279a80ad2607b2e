// The engine every page shares: the positions played from the start (`hist`), stepping along
// the optimal line or off it, the moves list, the line list, keys, clicks and the URL fragment.
// The problem's model `P` (tokens.js or noi2011.js) knows the positions; positions are keys
// (numbers or strings) compared with ===. P gives: line (the optimal line's keys, or the
// record's), lineName (what to call it), moves(hist)
// (each legal move: key, to, label, cls win/draw/lose/unknown, text, plies), result(hist) (the
// end's text or null), status(hist), state(hist) (the position for tests), ply(keys, i) (the
// move from keys[i - 1] to keys[i]: text, cls) and draw(hist, moves); and may give start(key)
// (the line's first entry) and at(text) (the position a link or the fragment names, or null).
(function () {
  const hist = [P.line[0]];
  let error = "";
  const byId = (id) => document.getElementById(id);

  // How far along the optimal line the played positions agree with it.
  function agreed() {
    let index = 0;
    while (index < hist.length && index < P.line.length && hist[index] === P.line[index]) {
      index += 1;
    }
    return index;
  }
  const onLine = () => agreed() === hist.length;

  // Best play from the listed outcomes: the fastest win, else a draw, else the slowest loss.
  function rank(move) {
    if (move.cls === "win") return 3e6 - move.plies;
    if (move.cls === "draw") return 2e6;
    if (move.cls === "lose") return 1e6 + move.plies;
    return 0;
  }
  function best(moves) {
    let chosen = null;
    for (const move of moves) {
      if (rank(move) > 0 && (chosen === null || rank(move) > rank(chosen))) chosen = move;
    }
    return chosen;
  }

  function next() {
    if (P.result(hist) !== null) return null;
    if (onLine() && hist.length < P.line.length) return P.line[hist.length];
    const chosen = best(P.moves(hist));
    return chosen === null ? null : chosen.to;
  }
  function forward() {
    const key = next();
    if (key === null) return false;
    hist.push(key);
    return true;
  }
  function back() {
    if (hist.length > 1) hist.pop();
  }
  // Back to the line's start, also from a position reached by `goTo`.
  function restart() {
    hist.length = 0;
    hist.push(P.line[0]);
  }
  // To the position `where` names (P.at): along the optimal line if it is on it, else as a
  // start of its own, as a `--check` diagnosis asked the program about it.
  function goTo(where) {
    const key = P.at === undefined ? null : P.at(where);
    if (key === null) return false;
    const along = P.line.indexOf(key);
    hist.length = 0;
    hist.push(...(along < 0 ? [key] : P.line.slice(0, along + 1)));
    return true;
  }
  function toEnd() {
    for (let step = 0; step < 5000 && forward(); step += 1);
  }
  function play(key) {
    const move = P.result(hist) === null ? P.moves(hist).find((m) => m.key === key) : undefined;
    if (move === undefined) return false;
    hist.push(move.to);
    return true;
  }
  // To entry `index` of the line list: a played position, or one ahead on the optimal line.
  function jump(index) {
    if (index < hist.length) {
      hist.length = index + 1;
    } else if (onLine()) {
      while (hist.length <= index && hist.length < P.line.length) hist.push(P.line[hist.length]);
    }
  }

  function renderMoves(moves) {
    const list = byId("moves");
    list.textContent = "";
    const ended = P.result(hist) !== null;
    byId("moves-heading").textContent = ended ? "moves: none, the game is over" : "moves";
    if (ended) return;
    if (moves.length === 0) {
      const item = document.createElement("li");
      item.className = "none";
      item.textContent = P.noMoves(hist);
      list.appendChild(item);
      return;
    }
    const chosen = best(moves);
    for (const move of moves) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.className = "move " + move.cls + (move === chosen ? " best" : "");
      button.dataset.key = move.key;
      button.textContent = move.label + " \u00b7 " + move.text;
      item.appendChild(button);
      list.appendChild(item);
    }
  }

  function renderLine() {
    const split = agreed();
    const on = split === hist.length;
    const keys = on ? P.line : hist;
    const items = [];
    for (let index = 0; index < keys.length; index += 1) {
      const first = P.start === undefined ? { text: "start", cls: "" } : P.start(keys[0]);
      const ply = index === 0 ? first : P.ply(keys, index);
      const classes = [ply.cls];
      if (index === hist.length - 1) classes.push("current");
      if (index >= hist.length) classes.push("ahead");
      if (!on && index >= split) classes.push("off");
      items.push('<li value="' + index + '" data-index="' + index + '" class="' +
        classes.join(" ").trim() + '">' + ply.text + "</li>");
    }
    const list = byId("line");
    list.innerHTML = items.join("");
    const current = list.querySelector(".current");
    if (current !== null && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
  }

  function render() {
    const moves = P.result(hist) === null ? P.moves(hist) : [];
    P.draw(hist, moves);
    renderMoves(moves);
    renderLine();
    const result = P.result(hist);
    const where = onLine() ? "on " + P.lineName : "off " + P.lineName + " since ply " + agreed();
    byId("status").textContent = "ply " + (hist.length - 1) + " (" + where + "): " +
      P.status(hist) + (result === null ? "" : ". " + result) + (error ? ". " + error : "");
    document.body.dataset.position = P.state(hist);
    document.body.dataset.ply = String(hist.length - 1);
    document.body.dataset.onLine = String(onLine());
    if (error) document.body.dataset.error = error;
  }

  // `#steps=N&play=KEY&back=N&at=WHERE&click=ID...`, in order: N plies on along the line (or
  // best play off it), the move whose key the moves list shows, N plies back, the position
  // P.at names, a click on the element `ID` (as a reader's, for tests).
  function applyFragment() {
    for (const part of location.hash.replace(/^#/, "").split("&")) {
      const at = part.indexOf("=");
      if (at < 0) continue;
      const name = part.slice(0, at);
      let value;
      try {
        value = decodeURIComponent(part.slice(at + 1));
      } catch (malformed) {
        error = "the fragment's " + name + " is not a valid address part";
        return;
      }
      if (name === "steps") {
        for (let step = 0; step < Number(value) && forward(); step += 1);
      } else if (name === "back") {
        // No more steps back than there are plies to take back.
        const plies = Math.min(Number(value) || 0, hist.length - 1);
        for (let step = 0; step < plies; step += 1) back();
      } else if (name === "play" && !play(value)) {
        error = "the fragment's move " + value + " is not a legal move here";
        return;
      } else if (name === "at" && !goTo(value)) {
        error = "the fragment's position " + value + " is not one of this page's";
        return;
      } else if (name === "click") {
        const target = byId(value);
        if (target === null) {
          error = "the fragment's element " + value + " is not on this page";
          return;
        }
        target.click();
      }
    }
  }

  const actions = { first: restart, back, forward, last: toEnd };
  for (const id of Object.keys(actions)) {
    byId(id).addEventListener("click", () => { actions[id](); render(); });
  }
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = { ArrowLeft: back, ArrowRight: forward, Home: restart, End: toEnd }[event.key];
    if (action === undefined) return;
    event.preventDefault();
    action();
    render();
  });
  const onKeyed = (event) => {
    const target = event.target.closest("[data-key]");
    if (target !== null && play(target.dataset.key)) render();
  };
  byId("moves").addEventListener("click", onKeyed);
  byId("board").addEventListener("click", onKeyed);
  // A link to a position (`data-at`: a diagnosis's contradiction) takes the replay there.
  for (const link of document.querySelectorAll("[data-at]")) {
    link.addEventListener("click", () => {
      if (goTo(link.dataset.at)) render();
    });
  }
  byId("line").addEventListener("click", (event) => {
    const item = event.target.closest("[data-index]");
    if (item === null) return;
    jump(Number(item.dataset.index));
    render();
  });
  applyFragment();
  render();
})();
