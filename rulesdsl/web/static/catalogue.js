// The catalogue's search box filters as you type (the form still works without a script),
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
  fetch("/api/variants/" + encodeURIComponent(table.dataset.stats) + "/stats")
    .then((r) => r.json().then((d) => (r.ok ? d : Promise.reject(new Error(d.error || "error " + r.status)))))
    .then((st) => {
      const rate = st.played ? Math.round((100 * st.won) / st.played) + "%" : "\u2013";
      const values = Object.assign({}, st, { win_rate: rate, total_seconds: duration(st.total_seconds) });
      if (st.best_score === null || st.best_score === undefined) values.best_score = "\u2013";
      for (const td of table.querySelectorAll("[data-stat]")) {
        const v = values[td.dataset.stat];
        td.textContent = v === undefined || v === null ? "\u2013" : String(v);
      }
    })
    .catch((e) => {
      error.textContent = "The statistics cannot be read: " + e.message;
      error.hidden = false;
    });
})();
