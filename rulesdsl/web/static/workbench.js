// The workbench: a plain editor of a variant's YAML, checked by the server as you type
// (POST /api/check), with the deal, the legal moves and the rules beside it (POST /api/preview).
// It decides nothing itself: every diagnostic, picture and move is the server's.
"use strict";
(() => {
  const root = document.querySelector("[data-workbench]");
  if (!root) return;
  const $ = (sel) => root.querySelector(sel);
  const area = $("[data-text]");
  const gutter = $("[data-gutter]");
  const STORE = "rulesdsl.workbench.text";
  const DEBOUNCE_MS = 350;

  let timer = null;
  let token = 0; // the newest check asked for: older answers are dropped
  let marks = new Map(); // line -> [diagnostics]
  let escaped = false; // Escape pressed: the next Tab leaves the editor
  let declared = []; // the options the last preview declared
  let chosen = {}; // option values picked for the preview

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
    if (!r.ok) throw new Error((data && typeof data.error === "string" && data.error) || "The server answered " + r.status + ".");
    return data;
  }

  function showError(text) {
    const el = $("[data-error]");
    el.textContent = text || "";
    el.hidden = !text;
  }

  // -- the editor ----------------------------------------------------------------------------
  function lineCount() {
    return area.value.split("\n").length;
  }

  function drawGutter() {
    const n = lineCount();
    const frag = document.createDocumentFragment();
    for (let i = 1; i <= n; i++) {
      const d = document.createElement("div");
      d.dataset.line = String(i);
      d.textContent = String(i);
      const here = marks.get(i);
      if (here) {
        const sev = here.some((x) => x.severity === "error") ? "error" : "warning";
        d.dataset.severity = sev;
        d.className = sev;
        d.title = here.map((x) => x.code + ": " + x.message + (x.hint ? " (" + x.hint + ")" : "")).join("\n");
      }
      frag.appendChild(d);
    }
    gutter.textContent = "";
    gutter.appendChild(frag);
    gutter.scrollTop = area.scrollTop;
  }

  function replaceText(text) {
    // through the editing commands where the browser has them, so that Ctrl+Z brings the old text back
    area.focus();
    area.select();
    const done = text ? document.execCommand("insertText", false, text) : document.execCommand("delete");
    if (!done || area.value !== text) area.value = text;
    area.setSelectionRange(0, 0);
    area.scrollTop = 0;
    changed(0);
  }

  function caretTo(line, column) {
    const lines = area.value.split("\n");
    let at = 0;
    for (let i = 0; i < Math.min(line - 1, lines.length); i++) at += lines[i].length + 1;
    at += Math.max(0, Math.min((column || 1) - 1, (lines[line - 1] || "").length));
    area.focus();
    area.setSelectionRange(at, at);
    const lh = parseFloat(getComputedStyle(area).lineHeight) || 18;
    area.scrollTop = Math.max(0, (line - 4) * lh);
    caretLine();
  }

  area.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      escaped = true;
      return;
    }
    if (ev.key === "Tab" && !ev.shiftKey && !escaped && !ev.ctrlKey && !ev.altKey && !ev.metaKey) {
      ev.preventDefault();
      if (!document.execCommand("insertText", false, "  ")) area.setRangeText("  ", area.selectionStart, area.selectionEnd, "end");
      changed();
    }
    escaped = false;
  });
  area.addEventListener("input", () => changed());
  // where the caret is, and what the check said of that line (for a screen reader, aria-live)
  function caretLine() {
    const before = area.value.slice(0, area.selectionStart);
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    const here = marks.get(line) || [];
    const said = here.map((d) => d.severity + " " + d.code + ": " + d.message).join("; ");
    const el = $("[data-caret]");
    const text = "Line " + line + ", column " + column + (said ? ": " + said : "");
    if (el.textContent !== text) el.textContent = text;
  }
  for (const ev of ["keyup", "click", "focus"]) area.addEventListener(ev, caretLine);
  area.addEventListener("scroll", () => {
    gutter.scrollTop = area.scrollTop;
  });

  function changed(delay) {
    try {
      localStorage.setItem(STORE, area.value);
    } catch (e) {
      /* private mode: the text is not kept */
    }
    drawGutter();
    clearTimeout(timer);
    timer = setTimeout(check, delay === undefined ? DEBOUNCE_MS : delay);
  }

  // -- diagnostics ---------------------------------------------------------------------------
  async function check() {
    const mine = ++token;
    const text = area.value;
    $("[data-summary]").textContent = "Checking\u2026";
    let r;
    try {
      r = await api("/api/check", { text: text });
    } catch (e) {
      if (mine === token) showError(e.message);
      return;
    }
    if (mine !== token) return;
    showError("");
    showDiagnostics(r);
    if (r.errors) {
      root.dataset.preview = root.dataset.preview ? "stale" : "";
      $("[data-preview-note]").hidden = !root.dataset.preview;
    } else {
      await preview(mine);
      if ($("[data-playouts]").checked && mine === token) playtest(mine, text);
    }
  }

  // One play-test at a time from this page: a text changed meanwhile is play-tested after it.
  let playing = false;
  let playNext = null;
  async function playtest(mine, text) {
    if (playing) {
      playNext = [mine, text];
      return;
    }
    playing = true;
    $("[data-summary]").textContent += " Play-testing\u2026";
    try {
      const r = await api("/api/check", { text: text, play: 3 });
      if (mine === token) showDiagnostics(r);
    } catch (e) {
      if (mine === token) showError(e.message);
    } finally {
      playing = false;
      const next = playNext;
      playNext = null;
      if (next && next[0] === token) playtest(next[0], next[1]);
    }
  }

  function showDiagnostics(r) {
    marks = new Map();
    const ul = $("[data-diagnostics]");
    ul.textContent = "";
    for (const d of r.diagnostics) {
      if (d.line) marks.set(d.line, (marks.get(d.line) || []).concat([d]));
      const li = document.createElement("li");
      li.className = d.severity;
      li.dataset.diagnostic = "";
      li.dataset.code = d.code;
      li.dataset.severity = d.severity;
      li.dataset.line = String(d.line || 0);
      li.dataset.column = String(d.column || 0);
      const b = document.createElement("button");
      b.type = "button";
      const where = d.line ? "Line " + d.line + ", column " + d.column + ": " : "";
      b.textContent = where + d.severity + " " + d.code + ": " + d.message;
      if (d.line) b.addEventListener("click", () => caretTo(d.line, d.column));
      li.appendChild(b);
      if (d.hint) {
        const h = document.createElement("p");
        h.className = "hint";
        h.dataset.hint = "";
        h.textContent = "Hint: " + d.hint;
        li.appendChild(h);
      }
      ul.appendChild(li);
    }
    area.setAttribute("aria-invalid", r.errors ? "true" : "false");
    $("[data-summary]").textContent = r.summary;
    root.dataset.errors = String(r.errors);
    root.dataset.warnings = String(r.warnings);
    drawGutter();
    if (document.activeElement === area) caretLine();
  }

  // -- the preview ---------------------------------------------------------------------------
  async function preview(mine) {
    const seed = parseInt($("[data-seed]").value, 10);
    const body = { text: area.value, options: chosenOptions(), seed: Number.isFinite(seed) && seed >= 0 ? seed : 1 };
    let p;
    try {
      p = await api("/api/preview", body);
    } catch (e) {
      if (mine === token) showError(e.message);
      return;
    }
    if (mine !== token) return;
    $("[data-picture]").innerHTML = p.svg; // the server's own SVG (svg.position escapes every text)
    $("[data-picture]").setAttribute("aria-label", "The deal of " + p.title + ", seed " + p.seed);
    drawOptions(p.options, p.values);
    const ol = $("[data-preview-moves]");
    ol.textContent = "";
    for (const m of p.moves) {
      const li = document.createElement("li");
      li.dataset.move = m.text;
      li.textContent = m.words + " ";
      const code = document.createElement("code");
      code.textContent = m.text;
      li.appendChild(code);
      ol.appendChild(li);
    }
    $("[data-preview-move-count]").textContent = String(p.move_count);
    drawRules(p.rules);
    root.dataset.preview = "shown";
    $("[data-preview-note]").hidden = true;
    root.dataset.title = p.title;
  }

  function drawRules(sections) {
    const box = $("[data-rules]");
    box.textContent = "";
    for (const s of sections) {
      const h = document.createElement("h3");
      h.textContent = s.title;
      box.appendChild(h);
      let list = null;
      for (const raw of s.text.split("\n")) {
        const line = raw.trim();
        if (!line) {
          list = null;
          continue;
        }
        if (line.startsWith("- ")) {
          if (!list) list = box.appendChild(document.createElement("ul"));
          list.appendChild(document.createElement("li")).textContent = line.slice(2);
        } else {
          list = null;
          box.appendChild(document.createElement("p")).textContent = line;
        }
      }
    }
  }

  function chosenOptions() {
    const out = {};
    for (const o of declared) if (o.name in chosen && String(chosen[o.name]) !== String(o.default)) out[o.name] = chosen[o.name];
    return out;
  }

  function drawOptions(options, values) {
    declared = options;
    const box = $("[data-preview-options]");
    box.textContent = "";
    for (const o of options) {
      const span = document.createElement("span");
      span.className = "field";
      const id = "wb-opt-" + o.name;
      const label = document.createElement("label");
      label.htmlFor = id;
      label.textContent = o.name;
      let input;
      if (o.values) {
        input = document.createElement("select");
        for (const v of o.values) {
          const opt = document.createElement("option");
          opt.value = String(v);
          opt.textContent = String(v);
          input.appendChild(opt);
        }
      } else {
        input = document.createElement("input");
        input.type = "number";
        if (o.min !== null) input.min = String(o.min);
        if (o.max !== null) input.max = String(o.max);
      }
      input.id = id;
      input.dataset.previewOption = o.name;
      input.value = String(o.name in values ? values[o.name] : o.default);
      if (o.help) span.title = o.help;
      input.addEventListener("change", () => {
        chosen[o.name] = o.values ? input.value : parseInt(input.value, 10);
        preview(token);
      });
      span.appendChild(label);
      span.appendChild(input);
      box.appendChild(span);
    }
  }

  $("[data-seed]").addEventListener("change", () => preview(token));
  $("[data-preview-form]").addEventListener("submit", (ev) => {
    ev.preventDefault();
    preview(token);
  });

  // -- the toolbar ---------------------------------------------------------------------------
  function fileName() {
    const m = /^name:\s*["']?([^"'\n#]+)/m.exec(area.value);
    const slug = m ? m[1].trim().toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "") : "";
    return (slug || "variant") + ".yaml";
  }

  function download() {
    const blob = new Blob([area.value], { type: "application/yaml" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = fileName();
    a.dataset.download = a.download;
    document.body.appendChild(a);
    a.click();
    setTimeout(() => {
      URL.revokeObjectURL(a.href);
      a.remove();
    }, 0);
  }

  async function play() {
    if (root.dataset.errors !== "0") {
      showError("Fix the errors first: a variant with errors cannot be played.");
      return;
    }
    const d = await api("/api/drafts", { text: area.value });
    const q = new URLSearchParams(chosenOptions());
    const seed = parseInt($("[data-seed]").value, 10);
    if (Number.isFinite(seed) && seed >= 0) q.set("seed", String(seed));
    window.location.href = d.play + (q.toString() ? "?" + q.toString() : "");
  }

  async function loadText(url, pick) {
    const r = await fetch(url);
    if (!r.ok) throw new Error("The server answered " + r.status + ".");
    return pick(r);
  }

  const actions = {
    blank: async () => replaceText(""),
    template: async () => replaceText(await loadText("/static/template.yaml", (r) => r.text())),
    fork: async () => {
      const name = $("[data-fork]").value;
      const d = await api("/api/variants/" + encodeURIComponent(name) + "/source");
      replaceText(d.text);
    },
    download: async () => download(),
    "play-draft": play,
  };
  root.addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-action]");
    if (!b || !(b.dataset.action in actions)) return;
    actions[b.dataset.action]().catch((e) => showError(e.message));
  });

  // -- Measure: the statistics page's section (static/measure.js sends the form and draws the
  // figures). It reads the section's data-measure and the form's [data-option] fields when the
  // form is sent, so the text is kept first (POST /api/drafts): the variant is then draft:KEY,
  // and the preview's option values go with it.
  const measure = $("[data-measure]");
  let measured = null; // the text and options the section is set up for
  function setUpMeasure(variant, options) {
    measure.dataset.measure = variant;
    const form = measure.querySelector("[data-measure-form]");
    for (const old of form.querySelectorAll("input[data-option]")) old.remove();
    for (const o of declared) {
      if (!(o.name in options)) continue;
      const input = document.createElement("input");
      input.type = o.values ? "text" : "number";
      input.hidden = true;
      input.dataset.option = o.name;
      input.value = String(options[o.name]);
      form.appendChild(input);
    }
  }
  if (measure) {
    measure.addEventListener(
      "submit",
      (ev) => {
        const wanted = area.value + "\n" + JSON.stringify(chosenOptions());
        if (measured === wanted) return; // set up: measure.js sends it
        ev.preventDefault();
        ev.stopImmediatePropagation();
        if (root.dataset.errors !== "0") {
          showError("Fix the errors first: a variant with errors cannot be measured.");
          return;
        }
        const options = chosenOptions();
        api("/api/drafts", { text: area.value })
          .then((d) => {
            setUpMeasure(d.variant, options);
            measured = wanted;
            measure.querySelector("[data-measure-form]").requestSubmit();
          })
          .catch((e) => showError(e.message));
      },
      true,
    );
  }

  // -- the start: a kept draft (?draft=KEY), the text of the last visit, else a blank page ----
  async function begin() {
    const key = new URLSearchParams(window.location.search).get("draft");
    let text = null;
    if (key) {
      try {
        text = (await api("/api/drafts/" + encodeURIComponent(key))).text;
      } catch (e) {
        showError(e.message);
      }
    }
    if (text === null) {
      try {
        text = localStorage.getItem(STORE);
      } catch (e) {
        text = null;
      }
    }
    area.value = text || "";
    changed(0);
  }
  begin();
})();
