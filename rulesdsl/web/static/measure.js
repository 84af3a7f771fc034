// The Measure section of a statistics page: the form asks POST /api/analyse for the variant's
// figures (random play, greedy play and the solver over seeded deals) and shows them as a
// table, one row per figure (data-figure names it, data-value holds a share where there is
// one), and the SVG panels as images (an image cannot run a script).
"use strict";
(() => {
  const section = document.querySelector("[data-measure]");
  if (!section) return;
  const form = section.querySelector("[data-measure-form]");
  const status = section.querySelector("[data-measure-status]");
  const error = section.querySelector("[data-measure-error]");
  const table = section.querySelector("[data-measure-figures]");
  const caption = section.querySelector("[data-measure-caption]");
  const plots = section.querySelector("[data-measure-plots]");
  const button = form.querySelector("button[type=submit]");
  const TITLES = {
    branching: "Legal moves by move number, random play (mean and one standard deviation)",
    difficulty: "Histogram of difficulty: states the solver searched to its first win, per won deal",
    solution_length: "Histogram of the solver's winning lines, in moves",
  };
  const VALUES = {
    "forced-moves": (r) => r.forced.share,
    "random-play-wins": (r) => r.players.random.share,
    "greedy-play-wins": (r) => r.players.greedy.share,
    solver: (r) => (r.solver ? r.solver.winnable.estimate : null),
  };

  function options() {
    const out = {};
    for (const field of form.querySelectorAll("[data-option]")) {
      const v = field.value;
      if (v === "") continue;
      out[field.dataset.option] = field.type === "number" ? Number(v) : v;
    }
    return out;
  }

  function show(answer) {
    const r = answer.result;
    caption.textContent = r.title + ": " + r.deals.count + " deal(s) from " + r.deals.first +
      ", the solver limited to " + r.limits.max_states.toLocaleString() + " positions per deal";
    const body = table.tBodies[0];
    body.textContent = "";
    for (const row of answer.rows) {
      const tr = document.createElement("tr");
      tr.dataset.figure = row.key;
      const value = VALUES[row.key] ? VALUES[row.key](r) : null;
      if (value !== null && value !== undefined) tr.dataset.value = String(value);
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = row.label;
      const td = document.createElement("td");
      td.textContent = row.text;
      tr.append(th, td);
      body.append(tr);
    }
    table.hidden = false;
    plots.textContent = "";
    for (const [name, svg] of Object.entries(answer.plots || {})) {
      const figure = document.createElement("figure");
      figure.dataset.plot = name;
      const img = document.createElement("img");
      img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
      img.alt = TITLES[name] || name;
      const cap = document.createElement("figcaption");
      cap.textContent = TITLES[name] || name;
      figure.append(img, cap);
      plots.append(figure);
    }
    if (answer.plots_error) {
      const p = document.createElement("p");
      p.className = "muted";
      p.textContent = "No pictures: " + answer.plots_error;
      plots.append(p);
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const deals = Number(form.elements.deals.value) || undefined;
    error.hidden = true;
    button.disabled = true;
    section.setAttribute("aria-busy", "true");
    status.textContent = "Measuring " + (deals || "") + " deal(s)\u2026 (the solver plays each one)";
    fetch("/api/analyse", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variant: section.dataset.measure, options: options(), deals: deals }),
    })
      .then((r) => r.json().then((d) => (r.ok ? d : Promise.reject(new Error(d.error || "error " + r.status)))))
      .then((answer) => {
        show(answer);
        status.textContent = "Measured " + answer.result.deals.count + " deal(s).";
      })
      .catch((e) => {
        status.textContent = "";
        error.textContent = "The figures cannot be measured: " + e.message;
        error.hidden = false;
      })
      .finally(() => {
        button.disabled = false;
        section.removeAttribute("aria-busy");
      });
  });
})();
