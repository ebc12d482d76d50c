/* The review of a finished game: the chart of chances (drawn on the server as SVG), the three
   biggest swings explained, and the Strong level's move beside each differing move of a person. */
"use strict";

(() => {
  const { api, el, clear } = Civ;
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const status = document.getElementById("status");
  document.getElementById("replay-link").href = `/replay/${encodeURIComponent(gameId)}`;

  const pct = (x) => `${Math.round(100 * x)}%`;

  function showChart(svgText) {
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const svg = doc.documentElement;
    const box = clear(document.getElementById("chart"));
    if (svg && svg.nodeName === "svg") box.append(document.importNode(svg, true));
  }

  function show(r) {
    document.getElementById("title").textContent = `Review: ${r.title}`;
    const winners = r.winners.map((p) => r.names[p]).join(" and ");
    status.className = "status over";
    status.textContent = r.finished ? `${winners || "Nobody"} won.` : "The game stopped before its end.";
    showChart(r.svg);
    const swings = clear(document.getElementById("swings"));
    for (const sw of r.swings) {
      const li = el("li", { dataset: { seat: sw.seat } }, sw.sentence);
      Civ.tint(li, sw.seat);
      swings.append(li);
    }
    const a = r.analysis;
    const summary = document.getElementById("moves-summary");
    const body = clear(document.querySelector("#moves tbody"));
    if (!a.seats.length) {
      summary.textContent = "Only bots played this game: no moves to compare.";
      return;
    }
    const who = a.seats.map((p) => r.names[p]).join(", ");
    summary.textContent = `${who}: ${a.analysed} of ${a.decisions} decisions compared with the Strong level, ` +
      `${a.agreed} the same move.` + (a.not_analysed ? ` ${a.not_analysed} not compared: the review's budget of ` +
      `${a.cpu_budget} CPU seconds was spent.` : "") + " The change is the player's estimated chance after their " +
      "move against after the Strong level's, the rest of the turn played out the same way.";
    const moves = [...r.moves].sort((x, y) => x.at - y.at);
    for (const m of moves) {
      const change = m.played_chance - m.suggested_chance;
      const row = el("tr", { class: change < -0.05 ? "costly" : "" },
        el("td", {}, String(m.round)),
        el("td", {}, m.played, el("span", { class: "muted small" }, ` (${pct(m.played_chance)})`)),
        el("td", {}, m.suggested, el("span", { class: "muted small" }, ` (${pct(m.suggested_chance)})`)),
        el("td", {}, `${change >= 0 ? "+" : "−"}${Math.abs(Math.round(100 * change))} points`));
      Civ.tint(row.firstChild, m.seat);
      body.append(row);
    }
    if (!moves.length) body.append(el("tr", {}, el("td", { colspan: 4, class: "muted small" }, "The Strong level agreed with every move compared.")));
  }

  async function load() {
    const res = await api("GET", `/api/games/${encodeURIComponent(gameId)}/review`);
    if (res.status === 202) {
      status.textContent = `The review is being made (at most ${res.data.cpu_budget} CPU seconds); this page updates by itself.`;
      setTimeout(load, 2000);
      return;
    }
    if (!res.ok) { status.textContent = res.data.error || "cannot load the review"; return; }
    show(res.data);
  }
  load();
})();
