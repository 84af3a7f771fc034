// The game page: draws the server's SVG and matches clicks, drags and keys against the legal
// moves the server sent. It decides no rule: a move is played by sending its text to the API.
"use strict";
(() => {
  const root = document.querySelector(".game");
  if (!root) return;
  const $ = (sel) => root.querySelector(sel);
  const board = $("[data-board]");
  const start = JSON.parse(root.dataset.start);
  const variant = root.dataset.variant;
  const storeKey = "rulesdsl.game." + variant;
  const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const DOUBLE_MS = 400;
  const DRAG_PX = 6;
  const STEP_MS = 600;
  const HINT_SECONDS = 8; // a hint asked for: the solver searches this long at most
  const VERDICT_SECONDS = 2; // the live verdict, after every move
  const SEARCHING = "Looking for a deal the solver wins\u2026";

  let game = null; // the last game object from the server
  let pick = null; // {items: [{pile, card}], moves: [...]} what is picked up
  let focusName = null; // the pile the keyboard is on
  let hinted = null; // the move of the last hint
  let line = null; // {moves: [texts], at, timer}: the solver's line
  let queue = Promise.resolve();
  let lastTap = { key: "", at: 0 };
  let drag = null;
  let verdictToken = 0;
  let note = ""; // what the status line says first after the next drawing: the move just played
  let verdictBusy = false;

  // -- talking to the server ---------------------------------------------------------------
  async function api(path, body) {
    const opts = { method: body === undefined ? "GET" : "POST", headers: {} };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    let r;
    try {
      r = await fetch(path, opts);
    } catch (e) {
      throw new Error("The server cannot be reached: is `rulesdsl serve` still running?");
    }
    let data = null;
    try {
      data = await r.json();
    } catch (e) {
      data = null;
    }
    if (!r.ok) {
      const err = new Error((data && typeof data.error === "string" && data.error) || "The server answered " + r.status + ".");
      err.status = r.status;
      throw err;
    }
    return data;
  }

  // Requests run one at a time, in order: a second click waits for the first answer.
  function run(fn) {
    queue = queue.then(fn).catch((e) => showError(e.message));
    return queue;
  }

  function showError(text) {
    const el = $("[data-error]");
    el.textContent = text;
    el.hidden = !text;
  }

  function say(text) {
    $("[data-status]").textContent = text;
  }

  async function act(path, body) {
    const g = await api("/api/games/" + encodeURIComponent(game.id) + path, body === undefined ? {} : body);
    showError("");
    show(g);
    return g;
  }

  // A move played by hand that is the solver's next one keeps its line open, one step on.
  function playMove(m) {
    return run(async () => {
      const onLine = line && line.moves[line.at] === m.text;
      if (!onLine) closeLine();
      const words = describe(m);
      note = "Played: " + words.charAt(0).toUpperCase() + words.slice(1) + ". ";
      await act("/moves", { move: m.text }).finally(() => {
        note = "";
      });
      if (onLine && line) {
        line.at += 1;
        lineText();
      }
    });
  }

  // -- starting and resuming ---------------------------------------------------------------
  async function begin() {
    const wanted = "seed" in start || "deal" in start || "winnable" in start || Object.keys(start.options).length;
    const id = start.game || (!wanted && localStorage.getItem(storeKey));
    if (id) {
      try {
        const g = await api("/api/games/" + encodeURIComponent(id));
        if (g.variant === variant && (start.game || g.result == null)) return show(g);
      } catch (e) {
        if (e.status !== 404) throw e;
      }
    }
    const body = { variant: variant, options: start.options };
    for (const k of ["seed", "deal", "winnable"]) if (k in start) body[k] = start[k];
    if (!("seed" in body || "deal" in body || "winnable" in body)) body.seed = randomSeed();
    if (body.winnable) say(SEARCHING);
    show(await api("/api/games", body));
  }

  function randomSeed() {
    return Math.floor(Math.random() * 2147483647);
  }

  function newGame(body) {
    return run(async () => {
      closeLine();
      if (body.winnable) say(SEARCHING);
      show(await api("/api/games", Object.assign({ variant: variant }, body)));
      showError("");
    });
  }

  function remember(g) {
    document.documentElement.dataset.gameId = g.id;
    try {
      localStorage.setItem(storeKey, g.id);
    } catch (e) {
      /* private browsing: the URL still has the game */
    }
    const q = new URLSearchParams();
    if (g.deal != null) q.set("deal", g.deal);
    else if (g.seed != null) q.set("seed", g.seed);
    for (const [k, v] of Object.entries(g.options || {})) q.set(k, v);
    q.set("game", g.id);
    history.replaceState(null, "", location.pathname + "?" + q.toString());
  }

  // -- drawing -----------------------------------------------------------------------------
  function show(g) {
    const moved = game && g.id === game.id && g.move_count !== game.move_count;
    game = g;
    pick = null;
    hinted = null;
    remember(g);
    root.dataset.moveCount = String(g.move_count);
    root.dataset.outcome = g.result || g.outcome;
    const hadFocus = board.contains(document.activeElement);
    board.innerHTML = g.svg.replace(/^<\?xml[^>]*>\s*/, "");
    const svg = board.querySelector("svg");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", "The board");
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    for (const p of piles()) {
      p.setAttribute("tabindex", "-1");
      p.setAttribute("role", "button");
    }
    const order = readingOrder();
    if (!focusName || !pileEl(focusName)) focusName = order.length ? order[0].dataset.pile : null;
    if (focusName) pileEl(focusName).setAttribute("tabindex", "0");
    if (hadFocus && focusName) pileEl(focusName).focus({ preventScroll: true });
    if (moved && g.last_move && !reduced) arrive(g.last_move);
    status();
    tools();
    movesList();
    ending();
    verdict();
  }

  function piles() {
    return Array.from(board.querySelectorAll("g[data-pile]:not([data-card])"));
  }

  function pileEl(name) {
    return piles().find((p) => p.dataset.pile === name) || null;
  }

  function pileWords(name) {
    const el = pileEl(name);
    const label = el ? el.getAttribute("aria-label") || name : name;
    return label.split(":")[0];
  }

  function cardEls(name) {
    const el = pileEl(name);
    return el ? Array.from(el.querySelectorAll("[data-card]")) : [];
  }

  function cardWords(pile, card) {
    const el = cardEls(pile).find((c) => same(c.dataset.card, card));
    return el ? el.getAttribute("aria-label").split(",")[0] : card;
  }

  function arrive(m) {
    const dest = m.dest || (m.dests && m.dests[0]);
    if (!dest || !m.cards) return;
    for (const c of cardEls(dest)) if (m.cards.some((x) => same(x, c.dataset.card))) c.classList.add("arrived");
  }

  function status() {
    const bits = [];
    if (game.deal != null) bits.push("deal " + game.deal);
    else if (game.seed != null) bits.push("seed " + game.seed);
    bits.push("score " + game.score);
    bits.push(game.move_count + (game.move_count === 1 ? " move" : " moves"));
    say(note + bits.join(" \u00b7 "));
    note = "";
  }

  function tools() {
    const finished = game.result != null;
    setDisabled("undo", !game.can_undo || finished);
    setDisabled("redo", !game.can_redo || finished);
    setDisabled("hint", finished || game.over);
    for (const b of root.querySelectorAll('[data-action="autoplay"]')) b.setAttribute("aria-pressed", String(!!game.autoplay));
    const box = $("[data-actions]");
    box.textContent = "";
    for (const m of game.moves.filter((m) => m.kind === "action")) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = m.text;
      b.textContent = m.name || m.text;
      b.addEventListener("click", () => playMove(m));
      box.appendChild(b);
    }
  }

  function setDisabled(action, off) {
    for (const b of root.querySelectorAll('[data-action="' + action + '"]')) b.disabled = off;
  }

  function describe(m) {
    if (m.kind === "action") return (m.name || m.text) + (m.pile ? " (" + pileWords(m.pile) + ")" : "");
    if (m.kind === "remove") {
      const what = m.cards.map((c, i) => cardWords((m.sources || [])[i] || m.source, c));
      return "remove " + what.join(" and ") + (m.dest ? " to " + pileWords(m.dest) : "");
    }
    const first = cardWords(m.source, m.cards[0]);
    const run = m.cards.length > 1 ? " and the " + (m.cards.length - 1) + " on it" : "";
    return first + run + " from " + pileWords(m.source) + " to " + pileWords(m.dest);
  }

  function movesList() {
    const ul = $("[data-moves]");
    ul.textContent = "";
    $("[data-move-count]").textContent = String(game.moves.length);
    for (const m of game.moves) {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.move = m.text;
      b.textContent = describe(m);
      b.title = m.text;
      b.addEventListener("click", () => playMove(m));
      li.appendChild(b);
      ul.appendChild(li);
    }
  }

  function ending() {
    const box = $("[data-end]");
    const resign = box.querySelector('[data-action="resign"]');
    let text = "";
    if (game.won || game.result === "won") text = "You won! Score " + game.score + ".";
    else if (game.result === "resigned") text = "Resigned: the game counts as lost. Score " + game.score + ".";
    else if (game.outcome === "lost" || game.result === "lost") text = "No move is left: the game is lost. Score " + game.score + ".";
    else if (game.outcome === "stalled") text = "The game is stalled: the moves left lead nowhere. Resign, or undo and try another way.";
    box.hidden = !text;
    box.dataset.outcome = game.result || game.outcome;
    $("[data-end-text]").textContent = text;
    resign.hidden = !(game.outcome === "stalled" && game.result == null);
  }

  // -- matching a pick against the legal moves -----------------------------------------------
  // A card as the SVG names it (7D.1) against a move's card, which may leave the copy out.
  function same(a, b) {
    return a === b || ((!a.includes(".") || !b.includes(".")) && a.split(".")[0] === b.split(".")[0]);
  }

  // A removal's cards with their piles: [[pile, card], ...].
  function pairs(m) {
    const src = m.sources && m.sources.length ? m.sources : m.cards.map(() => m.source);
    return m.cards.map((c, i) => [src[i], c]);
  }

  function holds(m, it) {
    return pairs(m).some(([p, c]) => p === it.pile && it.card !== null && same(c, it.card));
  }

  function candidates(items) {
    return game.moves.filter((m) => {
      if (m.kind === "move") {
        if (items.length !== 1 || m.source !== items[0].pile) return false;
        return items[0].card === null || same(m.cards[0], items[0].card);
      }
      if (m.kind === "remove") {
        return items.every((it) => holds(m, it));
      }
      return false;
    });
  }

  function exactRemoval(items, moves) {
    return moves.find((m) => m.kind === "remove" && m.cards.length === items.length) || null;
  }

  function actionFor(pile) {
    const acts = game.moves.filter((m) => m.kind === "action");
    return (
      acts.find((m) => m.pile === pile) ||
      acts.find((m) => (m.sources || []).includes(pile)) ||
      acts.find((m) => (m.dests || []).includes(pile)) ||
      null
    );
  }

  function destMove(pile) {
    const into = pick.moves.filter((m) => m.dest === pile && (m.kind === "move" || exactRemoval(pick.items, [m])));
    into.sort((a, b) => b.cards.length - a.cards.length);
    return into[0] || twin(pile);
  }

  // The server lists one move to the first of a group's empty piles when they are alike (free
  // cells); an empty pile of the same group is offered too, the same move sent with this
  // destination, and the server judges it like any other.
  function twin(pile) {
    if (cardEls(pile).length) return null;
    const group = pile.split("[")[0];
    for (const m of pick.moves) {
      if (m.kind !== "move" || !m.dest || m.dest.split("[")[0] !== group || cardEls(m.dest).length) continue;
      if (!m.text.endsWith(">" + m.dest)) continue;
      return Object.assign({}, m, { dest: pile, text: m.text.slice(0, m.text.length - m.dest.length) + pile });
    }
    return null;
  }

  // A tap on a card (card = its data-card) or on a pile (card = null: the keyboard, an empty pile).
  function tap(pile, card) {
    if (!game || game.result != null) return;
    if (pick) {
      const m = destMove(pile);
      if (m) return playMove(m);
      if (pick.items.some((it) => it.pile === pile && (card === null || it.card === card))) return drop();
      if (card !== null) {
        const items = pick.items.concat([{ pile: pile, card: card }]);
        const more = candidates(items).filter((m) => m.kind === "remove");
        if (more.length) return choose(items, more);
      }
    }
    const items = [{ pile: pile, card: card }];
    const moves = card === "#" ? [] : candidates(items);
    if (moves.length) return choose(items, moves);
    // a face-down card or an empty pile plays the action from or onto it (draw; recycle onto the
    // empty stock), never a face-up card that cannot move
    const a = card === null || card === "#" ? actionFor(pile) : null;
    if (a) return playMove(a);
    drop();
    say("No move starts there.");
  }

  function choose(items, moves) {
    const exact = exactRemoval(items, moves);
    if (exact && moves.length === 1) return playMove(exact);
    pick = { items: items, moves: moves };
    light();
  }

  function drop() {
    pick = null;
    light();
  }

  function light() {
    for (const el of board.querySelectorAll(".picked, .dest, .partner")) el.classList.remove("picked", "dest", "partner");
    if (!pick) return status();
    for (const it of pick.items) for (const el of pickedEls(it)) el.classList.add("picked");
    const exact = exactRemoval(pick.items, pick.moves);
    const dests = new Set(pick.moves.filter((m) => m.kind === "move" || m === exact).map((m) => m.dest));
    for (const p of piles()) if (!dests.has(p.dataset.pile) && twin(p.dataset.pile)) dests.add(p.dataset.pile);
    for (const d of dests) if (pileEl(d)) pileEl(d).classList.add("dest");
    for (const m of pick.moves.filter((m) => m.kind === "remove")) {
      for (const [p, c] of pairs(m)) {
        if (pick.items.some((it) => it.pile === p && it.card !== null && same(c, it.card))) continue;
        for (const el of cardEls(p)) if (same(el.dataset.card, c)) el.classList.add("partner");
      }
    }
    const names = Array.from(dests).map(pileWords);
    say(names.length ? "Picked up. It can go to: " + names.join(", ") + "." : "Picked up: choose the card to pair it with.");
  }

  // The picked card and every card lying on it in its pile (a run).
  function pickedEls(it) {
    const cards = cardEls(it.pile);
    if (it.card === null) {
      const longest = Math.max(0, ...pick.moves.filter((m) => m.source === it.pile).map((m) => m.cards.length));
      return cards.slice(cards.length - longest);
    }
    const i = cards.findIndex((c) => same(c.dataset.card, it.card));
    if (i < 0) return [];
    return pick.moves.some((m) => m.kind === "move") ? cards.slice(i) : [cards[i]];
  }

  // Double click or double tap: the card's best destination, a foundation first.
  function best(pile, card) {
    const moves = candidates([{ pile: pile, card: card }]).filter((m) => m.kind === "move");
    if (!moves.length) return tap(pile, card);
    const role = (m) => (pileEl(m.dest) && pileEl(m.dest).dataset.role) || "";
    const rank = (m) => (role(m) === "foundation" ? 0 : role(m) === "cell" ? 2 : 1);
    moves.sort((a, b) => rank(a) - rank(b));
    playMove(moves[0]);
  }

  // -- the pointer: clicks, double clicks, drag and drop (mouse and touch alike) ---------------
  function target(el) {
    const cardEl = el && el.closest ? el.closest("[data-card]") : null;
    const pileG = el && el.closest ? el.closest("g[data-pile]:not([data-card])") : null;
    if (!pileG || !board.contains(pileG)) return null;
    return { pile: pileG.dataset.pile, card: cardEl ? cardEl.dataset.card : null, el: cardEl };
  }

  board.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0 || !game) return;
    const t = target(ev.target);
    if (!t) return;
    drag = { t: t, x: ev.clientX, y: ev.clientY, id: ev.pointerId, ghost: null, moves: null };
    ev.preventDefault();
  });

  board.addEventListener("pointermove", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const dx = ev.clientX - drag.x;
    const dy = ev.clientY - drag.y;
    if (!drag.ghost) {
      if (Math.hypot(dx, dy) < DRAG_PX || !drag.t.card || drag.t.card === "#") return;
      const moves = candidates([{ pile: drag.t.pile, card: drag.t.card }]).filter((m) => m.kind === "move");
      if (!moves.length) return;
      pick = { items: [{ pile: drag.t.pile, card: drag.t.card }], moves: moves };
      light();
      drag.ghost = ghost(pickedEls(pick.items[0]));
      try {
        board.setPointerCapture(ev.pointerId);
      } catch (e) {
        /* capture is a nicety */
      }
    }
    const svg = board.querySelector("svg");
    const k = svg.viewBox.baseVal.width / svg.getBoundingClientRect().width;
    drag.ghost.setAttribute("transform", "translate(" + dx * k + " " + dy * k + ")");
  });

  // A drag ends at pointerup; a click (or tap) is the click event that follows, so that a
  // click dispatched to a card by a program (element.click()) plays like one by hand.
  let dragged = false;

  board.addEventListener("pointerup", (ev) => {
    if (!drag || ev.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    if (!d.ghost) return;
    d.ghost.remove();
    dragged = true;
    setTimeout(() => {
      dragged = false;
    }, 0);
    const under = target(document.elementFromPoint(ev.clientX, ev.clientY));
    const m = under && pick ? destMove(under.pile) : null;
    if (m) return playMove(m);
    drop();
  });

  board.addEventListener("click", (ev) => {
    if (dragged || !game) return;
    const t = target(ev.target);
    if (!t) return drop(); // a click on the felt puts back what is held
    const key = t.pile + "|" + t.card;
    const now = Date.now();
    const twice = lastTap.key === key && now - lastTap.at < DOUBLE_MS && t.card && t.card !== "#";
    lastTap = { key: twice ? "" : key, at: now };
    focusOn(t.pile, false);
    if (twice) {
      pick = null;
      return best(t.pile, t.card);
    }
    tap(t.pile, t.card);
  });

  board.addEventListener("pointercancel", () => {
    if (drag && drag.ghost) drag.ghost.remove();
    drag = null;
    drop();
  });

  function ghost(els) {
    const svg = board.querySelector("svg");
    const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
    g.setAttribute("class", "ghost");
    g.setAttribute("aria-hidden", "true");
    for (const el of els) {
      const copy = el.cloneNode(true);
      copy.removeAttribute("data-card");
      copy.removeAttribute("data-pile");
      copy.removeAttribute("aria-label");
      g.appendChild(copy);
    }
    svg.appendChild(g);
    return g;
  }

  // -- the keyboard ------------------------------------------------------------------------
  function readingOrder() {
    const boxes = piles().map((el) => ({ el: el, b: el.getBBox() }));
    boxes.sort((a, b) => (Math.abs(a.b.y - b.b.y) > 20 ? a.b.y - b.b.y : a.b.x - b.b.x));
    return boxes.map((x) => x.el);
  }

  function focusOn(name, move) {
    const el = pileEl(name);
    if (!el) return;
    for (const p of piles()) p.setAttribute("tabindex", "-1");
    el.setAttribute("tabindex", "0");
    focusName = name;
    if (move) el.focus();
  }

  function nextPile(dir) {
    const order = readingOrder();
    const i = order.findIndex((el) => el.dataset.pile === focusName);
    if (dir === "left" || dir === "right") {
      const j = i + (dir === "right" ? 1 : -1);
      return j >= 0 && j < order.length ? order[j] : null;
    }
    const here = pileEl(focusName).getBBox();
    const cx = here.x + here.width / 2;
    const rows = order.map((el) => ({ el: el, b: el.getBBox() }));
    const other = rows.filter((r) => (dir === "down" ? r.b.y > here.y + 20 : r.b.y < here.y - 20));
    if (!other.length) return null;
    const rowY = dir === "down" ? Math.min(...other.map((r) => r.b.y)) : Math.max(...other.map((r) => r.b.y));
    const row = other.filter((r) => Math.abs(r.b.y - rowY) <= 20);
    row.sort((a, b) => Math.abs(a.b.x + a.b.width / 2 - cx) - Math.abs(b.b.x + b.b.width / 2 - cx));
    return row[0].el;
  }

  const ARROWS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

  board.addEventListener("keydown", (ev) => {
    const el = ev.target.closest && ev.target.closest("g[data-pile]");
    if (!el || !game) return;
    focusName = el.dataset.pile;
    if (ARROWS[ev.key] || ev.key === "Tab") {
      const dir = ev.key === "Tab" ? (ev.shiftKey ? "left" : "right") : ARROWS[ev.key];
      const next = nextPile(dir);
      if (next) {
        ev.preventDefault();
        focusOn(next.dataset.pile, true);
        say(next.getAttribute("aria-label"));
      } else if (ev.key !== "Tab") ev.preventDefault();
    } else if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      keyTap(el.dataset.pile);
    } else if (ev.key === "Escape") {
      drop();
    }
  });

  // Enter on a pile: put down what is held if it can go there, else pick up the pile's top
  // card (or the longest run that can move), else play the pile's action (the stock: draw).
  function keyTap(pile) {
    if (pick && destMove(pile)) return tap(pile, null);
    if (pick) {
      const same = pick.items.some((it) => it.pile === pile);
      drop();
      if (same) return;
    }
    const cards = cardEls(pile);
    const top = cards.length ? cards[cards.length - 1].dataset.card : null;
    const runs = game.moves.filter((m) => m.kind === "move" && m.source === pile);
    if (runs.length) {
      pick = { items: [{ pile: pile, card: null }], moves: runs };
      return light();
    }
    tap(pile, top === "#" ? "#" : top);
  }

  const KEYS = { u: "undo", r: "redo", h: "hint", a: "autoplay", n: "new" };

  document.addEventListener("keydown", (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const tag = (ev.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    const action = KEYS[ev.key.toLowerCase()];
    if (!action) return;
    ev.preventDefault();
    command(action);
  });

  // -- the buttons ---------------------------------------------------------------------------
  root.addEventListener("click", (ev) => {
    const b = ev.target.closest && ev.target.closest("button[data-action]");
    if (b && !b.disabled) command(b.dataset.action);
  });

  function command(action) {
    if (!game) return;
    const simple = { undo: "/undo", redo: "/redo", restart: "/restart", resign: "/resign" };
    if (simple[action]) {
      return run(async () => {
        closeLine();
        await act(simple[action]);
      });
    }
    if (action === "autoplay") return run(() => act("/autoplay", { enabled: !game.autoplay }));
    if (action === "new") return newGame({ options: game.options, seed: randomSeed() });
    if (action === "hint") return askHint();
    if (action === "play-hint" && hinted) return playMove(hinted);
    if (action === "step") return run(step);
    if (action === "play") return playLine();
    if (action === "pause") return pauseLine();
    if (action === "close-line") return closeLine();
  }

  $("[data-newgame]").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const options = {};
    for (const el of f.querySelectorAll("[data-option]")) options[el.dataset.option] = el.value;
    const body = { options: options };
    if (f.winnable.checked) body.winnable = true;
    else if (f.deal.value !== "" && !f.deal.closest("[hidden]")) body.deal = Number(f.deal.value);
    else body.seed = f.seed.value !== "" ? Number(f.seed.value) : randomSeed();
    newGame(body);
  });

  // -- hints, the solver's line, the verdict ---------------------------------------------------
  // The solver may think for seconds: the board stays playable meanwhile, and an answer for a
  // position that has changed since is dropped.
  let hinting = false;

  function askHint() {
    if (hinting || !game || game.result != null) return;
    hinting = true;
    const asked = { id: game.id, count: game.move_count };
    say("Thinking\u2026");
    api("/api/games/" + encodeURIComponent(game.id) + "/hint", { seconds: HINT_SECONDS })
      .then((h) => {
        if (game.id === asked.id && game.move_count === asked.count) showHint(h);
      })
      .catch((e) => showError(e.message))
      .finally(() => {
        hinting = false;
      });
  }

  function showHint(h) {
    showError("");
    light();
    for (const el of board.querySelectorAll(".hint")) el.classList.remove("hint");
    if (!h.move) {
      say(h.verdict === "unwinnable" ? "No hint: the solver found no way to win from here." : "No hint: no move found.");
      return;
    }
    hinted = game.moves.find((m) => m.text === h.move.text) || h.move;
    for (const p of [hinted.source, hinted.dest, hinted.pile, ...(hinted.sources || [])]) {
      if (p && pileEl(p)) pileEl(p).classList.add("hint");
    }
    const how = h.source === "solver" ? (h.verdict === "won" ? "the solver's winning line" : "the solver") : "a rule of thumb";
    say("Hint (" + how + "): " + describe(hinted) + ".");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.action = "play-hint";
    b.textContent = "Play it";
    $("[data-status]").appendChild(document.createTextNode(" "));
    $("[data-status]").appendChild(b);
    if (h.line && h.line.length && h.verdict === "won") openLine(h.line);
  }

  function openLine(moves) {
    closeLine();
    line = { moves: moves.slice(), at: 0, timer: null };
    $("[data-solution]").hidden = false;
    lineText();
  }

  function lineText() {
    const left = line.moves.length - line.at;
    $("[data-line-text]").textContent =
      "The solver found a win: " + left + (left === 1 ? " move" : " moves") + " to go" + (left ? " (next: " + line.moves[line.at] + ")." : ".");
    setDisabled("step", !left);
    setDisabled("play", !left || !!line.timer);
    setDisabled("pause", !line.timer);
  }

  async function step() {
    if (!line || line.at >= line.moves.length) return pauseLine();
    const text = line.moves[line.at];
    try {
      await act("/moves", { move: text });
    } catch (e) {
      closeLine();
      throw e;
    }
    if (!line) return;
    line.at += 1;
    lineText();
    if (line.at >= line.moves.length) pauseLine();
  }

  function playLine() {
    if (!line || line.timer) return;
    line.timer = setInterval(() => run(step), reduced ? STEP_MS * 1.5 : STEP_MS);
    lineText();
  }

  function pauseLine() {
    if (!line) return;
    clearInterval(line.timer);
    line.timer = null;
    lineText();
  }

  function closeLine() {
    if (line) clearInterval(line.timer);
    line = null;
    $("[data-solution]").hidden = true;
  }

  const verdictBox = $("[data-verdict-switch]");
  verdictBox.checked = localStorage.getItem("rulesdsl.verdict") === "1";
  verdictBox.addEventListener("change", () => {
    localStorage.setItem("rulesdsl.verdict", verdictBox.checked ? "1" : "0");
    verdict();
  });

  function verdict() {
    const out = $("[data-verdict]");
    if (!verdictBox.checked || !game || game.over) {
      out.textContent = "";
      return;
    }
    const token = ++verdictToken;
    out.textContent = "verdict: thinking\u2026";
    if (verdictBusy) return; // asked again when the search under way ends
    verdictBusy = true;
    api("/api/games/" + encodeURIComponent(game.id) + "/hint", { seconds: VERDICT_SECONDS })
      .then((h) => {
        if (token !== verdictToken) return;
        const words = { won: "winnable", unwinnable: "lost: no way to win from here", unknown: "unknown" };
        out.textContent = "verdict: " + (words[h.verdict] || h.verdict);
      })
      .catch((e) => {
        if (token === verdictToken) out.textContent = "verdict: " + e.message;
      })
      .finally(() => {
        verdictBusy = false;
        if (token !== verdictToken) verdict();
      });
  }

  run(begin);
})();
