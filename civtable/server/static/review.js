/* The review of a finished game: the chart of chances (drawn on the server as SVG), the three
   biggest swings explained, and the Strong level's move beside each differing move of a person. */
"use strict";

(() => {
  const { api, el, clear } = Civ;
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const status = document.getElementById("status");
  document.getElementById("replay-link").href = `/replay/${encodeURIComponent(gameId)}`;

  const pct = (x) => `${Math.round(100 * x)}%`;
  const COSTLY = 0.05;  // a move that cost more than this chance is in bold, and kept by the filter
  const FEW = 12;  // up to this many differing moves are all shown at once
  /** The change of chance in points: "−8 points", "+1 point", "the same" (under half a point). */
  function points(change) {
    const n = Math.round(100 * change);
    if (n === 0) return "the same";
    return `${n > 0 ? "+" : "−"}${Math.abs(n)} point${Math.abs(n) === 1 ? "" : "s"}`;
  }

  /** A move's round: the game's own words where it has them ("Age 1, round 1"), else its number;
      "Setup" for a choice of the setup, before the first round's play (no round: as the terminal says). */
  function roundWords(m) {
    if (!m.when) return "Setup";
    return /^round \d+$/.test(m.when) ? String(m.round) : m.when;
  }

  function showChart(svgText) {
    const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
    const svg = doc.documentElement;
    const box = clear(document.getElementById("chart"));
    if (svg && svg.nodeName === "svg") box.append(document.importNode(svg, true));
  }

  /** Under the banner, who played each seat: a person, or the bot level as the lobby names it
      ("Casual bot", "Expert bot, Warlord"), each name with its colour. */
  function whoPlayed(r) {
    const line = clear(document.getElementById("who-played"));
    const bots = r.bots || [];
    line.append("Played by: ", ...r.names.flatMap((name, p) => [p ? " · " : "",
      el("span", { class: "seat-played", dataset: { seat: p } }, Civ.swatch(p), name, " — ", bots[p] || "a person")]));
    line.classList.remove("hidden");
  }

  function show(r) {
    document.getElementById("title").textContent = `Review: ${r.title}`;
    const winners = r.winners.map((p) => r.names[p]).join(" and ");
    status.className = "status over";
    const left = (r.left || []).map((p) => r.names[p]).join(" and ");
    status.textContent = r.finished ? `${winners || "Nobody"} won.`
      : left ? `${left} left the game before its end; ${winners || "nobody"} won.`
      : r.ended === "expired" ? "Nobody played this game for a long time: it ended before its end."
      : "The game stopped before its end.";
    whoPlayed(r);
    // a phone shows the narrow chart (the whole game at a readable size); a wider screen the wide one
    const narrow = window.matchMedia("(max-width: 600px)");
    showChart(narrow.matches && r.svg_narrow ? r.svg_narrow : r.svg);
    narrow.onchange = () => showChart(narrow.matches && r.svg_narrow ? r.svg_narrow : r.svg);
    const last = r.points[r.points.length - 1];
    // each name with its colour in words, as the swings' sentences name it ("Ada (red)"), and its bot
    const about = (p) => [r.colours && r.colours[p], r.bots && r.bots[p]].filter(Boolean).join(", ");
    clear(document.getElementById("chart-legend")).append(...r.names.map((name, p) =>
      el("li", { dataset: { seat: p } }, Civ.swatch(p), name, about(p) ? ` (${about(p)})` : "",
        el("span", { class: "muted small" }, ` ${last.label === "end" ? "at the end" : "where the game stopped"}: ${pct(last.chances[p])}` +
          (r.winners.includes(p) ? " (won)" : "")))));
    const swings = clear(document.getElementById("swings"));
    for (const sw of r.swings) {
      const li = el("li", { dataset: { seat: sw.seat } }, sw.sentence);
      Civ.tint(li, sw.seat);
      swings.append(li);
    }
    const noSwings = document.getElementById("no-swings");
    swings.classList.toggle("hidden", !r.swings.length);
    noSwings.classList.toggle("hidden", r.swings.length > 0);
    const least = Math.round(100 * (r.least_swing || 0));
    noSwings.textContent = r.points.length < 3
      ? "The game ended before a round was played out: there is no turning point to show."
      : r.within_noise
        ? `Nobody's chance to win changed by ${least} points or more from one round to the next: ` +
          "there is no turning point to show beyond the estimate's own uncertainty."
        : "Nobody's chance to win changed from one round to the next: there is no turning point to show.";
    // how far one estimate may be off, measured on recorded games: a swing within it says so
    const noise = document.getElementById("swing-noise");
    noise.classList.toggle("hidden", !r.noise);
    noise.textContent = r.noise ? `Each chance is uncertain by about \u00b1${Math.round(100 * r.noise)} points ` +
      `(the estimate's typical error, measured on recorded games and on this game's own curve): a change of less than ${least} points from ` +
      "one round to the next may be that error alone; a turning point that small says so." : "";
    const a = r.analysis;
    const summary = document.getElementById("moves-summary");
    const body = clear(document.querySelector("#moves tbody"));
    const table = document.getElementById("moves");
    table.classList.toggle("hidden", !a.decisions);
    const who = a.seats.map((p) => r.names[p]).join(", ");
    if (!a.seats.length || !a.decisions) {
      summary.textContent = !a.seats.length ? "Only bots played this game: no moves to compare."
        : `${who.replace(/, ([^,]*)$/, " and $1")} made no choice before the game ended: no moves to compare.`;
      return;
    }
    summary.textContent = `${who}: ${a.analysed} of ${a.decisions} decisions compared with the Strong level, ` +
      `${a.agreed} the same move.` + (a.not_analysed ? ` ${a.not_analysed} not compared: the review's budget of ` +
      `${a.cpu_budget} CPU seconds was spent.` : "") + " The percentages are the player's estimated chance to win " +
      "after each move, the rest of the turn played out the same way; \u2018Against Strong\u2019 is the " +
      "difference: \u2212 points where the move played gave less chance than the Strong level's.";
    const moves = [...r.moves].sort((x, y) => x.at - y.at);
    const change = (m) => m.played_chance - m.suggested_chance;
    const cost = (m) => Math.round(100 * change(m)) < 0;  // the move played lowered the chance (by a point or more)
    const costly = moves.filter((m) => change(m) < -COSTLY).length;
    // a long list opens on the moves that cost most, or on those that cost anything when none cost
    // more than 5 points (not on rows of "the same"); one click shows every move
    const filter = moves.length > FEW;
    const kept = costly > 0 ? (m) => change(m) < -COSTLY : cost;
    const keptCount = moves.filter(kept).length;
    document.getElementById("moves-filter").classList.toggle("hidden", !filter);
    document.getElementById("moves-filter-text").textContent = (costly > 0
      ? `Only the moves that cost more than ${Math.round(100 * COSTLY)} points`
      : "Only the moves that lowered the chance to win") + ` (${keptCount} of ${moves.length})`;
    const only = document.getElementById("only-costly");
    only.checked = filter;
    table.classList.toggle("only-costly", filter);
    only.onchange = () => table.classList.toggle("only-costly", only.checked);
    if (filter && !keptCount) {
      body.append(el("tr", { class: "none-kept" }, el("td", { colspan: 4, class: "muted small" },
        `None of the ${moves.length} moves where the Strong level chose otherwise lowered the chance to win ` +
        "by a point or more.")));
    }
    for (const m of moves) {
      const row = el("tr", { class: `${change(m) < -COSTLY ? "costly" : ""} ${kept(m) ? "" : "minor"}`.trim() },
        el("td", { dataset: { label: "Round" } }, roundWords(m)),
        el("td", { dataset: { label: "Played" } }, m.played, el("span", { class: "muted small" }, ` (${pct(m.played_chance)})`)),
        el("td", { dataset: { label: "Strong would have played" } }, m.suggested,
          el("span", { class: "muted small" }, ` (${pct(m.suggested_chance)})`)),
        el("td", { dataset: { label: "Against Strong" } }, points(change(m))));
      Civ.tint(row.firstChild, m.seat);
      body.append(row);
    }
    if (!moves.length) body.append(el("tr", {}, el("td", { colspan: 4, class: "muted small" }, "The Strong level agreed with every move compared.")));
  }

  const started = Date.now();
  async function load() {
    const res = await api("GET", `/api/games/${encodeURIComponent(gameId)}/review`);
    if (res.status === 202) {
      const waited = Math.round((Date.now() - started) / 1000);
      status.textContent = `The review is being made: the server gives it at most ${Math.round(res.data.cpu_budget)} ` +
        `seconds of its time, after any other review asked for first (waiting for ${waited} s). ` +
        "It appears here by itself when it is ready.";
      setTimeout(load, 2000);
      return;
    }
    if (!res.ok) {
      status.textContent = res.data.error || "Cannot load the review.";
      document.getElementById("replay-link").classList.add("hidden");  // nothing to replay either
      if (res.status === 409) status.append(" ", el("a", { href: `/play/${encodeURIComponent(gameId)}?watch` }, "Watch the game"));
      return;
    }
    show(res.data);
    document.getElementById("review").classList.remove("hidden");
  }
  load();
})();
