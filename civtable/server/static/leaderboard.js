/* The ratings page: accounts and bots, best first, per game or for all games. */
"use strict";

(() => {
  const { api, el, clear } = Civ;
  const select = document.getElementById("game");
  const body = document.querySelector("#ratings tbody");
  const titles = {};

  async function show() {
    const query = select.value ? `?game=${encodeURIComponent(select.value)}` : "";
    const res = await api("GET", `/api/leaderboard${query}`);
    clear(body);
    if (!res.ok) { body.append(el("tr", {}, el("td", { colspan: 7 }, res.data.error || "Ratings are not available."))); return; }
    if (!res.data.ratings.length) body.append(el("tr", {}, el("td", { colspan: 7, class: "muted" }, "no rated games yet")));
    res.data.ratings.forEach((r, i) => body.append(el("tr", {},
      el("td", {}, i + 1), el("td", {}, titles[r.game] || r.game), el("td", {}, r.bot ? `${r.name} (bot)` : r.name),
      el("td", {}, r.rating), el("td", {}, r.mu), el("td", {}, r.sigma), el("td", {}, r.games))));
  }

  async function start() {
    const cat = await api("GET", "/api/catalog");
    if (cat.ok) for (const g of cat.data.games) titles[g.name] = g.title;
    if (cat.ok) for (const g of cat.data.games.filter((x) => !x.example)) select.append(el("option", { value: g.name }, g.title));
    select.addEventListener("change", show);
    show();
  }

  start();
})();
