// The catalogue's search box filters as you type (a family's heading hides with its last game) (the form still works without a script),
// and a statistics page fills its table from GET /api/variants/NAME/stats.
"use strict";
(() => {
  const input = document.getElementById("q");
  const count = document.getElementById("count");
  const rows = Array.from(document.querySelectorAll("li.variant"));
  function filter() {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const li of rows) {
      const hay = li.dataset.search || "";
      li.hidden = !words.every((w) => hay.includes(w));
      if (!li.hidden) shown += 1;
    }
    for (const group of document.querySelectorAll("section.family-group")) {
      group.hidden = !group.querySelector("li.variant:not([hidden])");
    }
    count.textContent = shown + " of " + rows.length + " shown";
    const q = new URLSearchParams(location.search);
    if (input.value) q.set("q", input.value);
    else q.delete("q");
    history.replaceState(null, "", location.pathname + (q.toString() ? "?" + q : ""));
  }
  if (input && rows.length) input.addEventListener("input", filter);

  const table = document.querySelector("[data-stats]");
  if (!table) return;
  const error = document.querySelector("[data-error]");
  function duration(s) {
    s = Math.round(Number(s) || 0);
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return (h ? h + " h " : "") + (h || m ? m + " min " : "") + (s % 60) + " s";
  }
  const name = table.dataset.stats;
  function fail(e) {
    error.textContent = "The statistics cannot be read: " + e.message;
    error.hidden = false;
  }
  function get(path) {
    return fetch(path).then((r) => r.json().then((d) => (r.ok ? d : Promise.reject(new Error(d.error || "error " + r.status)))));
  }
  get("/api/variants/" + encodeURIComponent(name) + "/stats")
    .then((st) => {
      const rate = st.played ? Math.round((100 * st.won) / st.played) + "%" : "\u2013";
      const values = Object.assign({}, st, { win_rate: rate, total_seconds: duration(st.total_seconds) });
      values.best_seconds = st.best_seconds == null ? null : duration(st.best_seconds);
      for (const td of table.querySelectorAll("[data-stat]")) {
        const v = values[td.dataset.stat];
        td.textContent = v === undefined || v === null ? "\u2013" : String(v);
      }
    })
    .catch(fail);
  const list = document.querySelector("[data-in-progress]");
  get("/api/games?variant=" + encodeURIComponent(name))
    .then((games) => {
      list.textContent = "";
      for (const g of games) {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = "/play/" + encodeURIComponent(name) + "?game=" + encodeURIComponent(g.id);
        const which = g.deal != null ? "deal " + g.deal : g.seed != null ? "seed " + g.seed : "a position";
        a.textContent = which + ", " + g.move_count + (g.move_count === 1 ? " move" : " moves");
        li.appendChild(a);
        if (g.updated) li.appendChild(document.createTextNode(" (" + new Date(g.updated * 1000).toLocaleString() + ")"));
        list.appendChild(li);
      }
      if (!games.length) list.innerHTML = "<li>None.</li>";
    })
    .catch(fail);
})();
