/* The lobby's tables for strangers: a new game's speed (clock), rated and open-table choices; the
   list of open tables to join; quick match (wait for players of the same game and speed, or
   play bots when nobody comes). Needs common.js; lobby.js reads Civ.lobbyTables.options(). */
"use strict";

Civ.lobbyTables = (() => {
  const { api, el, clear, toast, saveSeat } = Civ;
  const SPEEDS = [["none", "No clock (friends)"], ["realtime", "Real time: 5 min + 20 s a move"],
                  ["turnbased", "Turn-based: 2 days + 1 day a move"]];
  let signedIn = false;
  let catalog = { games: [] };

  function speedSelect(id) {
    return el("select", { id, "aria-label": "Speed" }, SPEEDS.map(([v, t]) => el("option", { value: v }, t)));
  }

  function fillCreateOptions() {
    const box = clear(document.getElementById("table-options"));
    box.append(el("label", {}, "Speed ", speedSelect("speed-select")),
      el("label", { title: "every person must play signed in; the result changes ratings" },
        el("input", { type: "checkbox", id: "rated-input" }), " Rated"),
      el("label", { title: "free seats are listed in the lobby: any signed-in player may take one" },
        el("input", { type: "checkbox", id: "open-input" }), " Open table"));
  }

  /** The table choices of the create form, for POST /api/games. */
  function options() {
    const out = {};
    const speed = document.getElementById("speed-select");
    if (speed && speed.value !== "none") out.speed = speed.value;
    if (document.getElementById("rated-input")?.checked) out.rated = true;
    if (document.getElementById("open-input")?.checked) out.open = true;
    return out;
  }

  function speedName(speed) { return (SPEEDS.find(([v]) => v === speed) || [speed, speed])[1]; }

  async function refreshTables() {
    const res = await api("GET", "/api/tables");
    const body = clear(document.querySelector("#open-tables tbody"));
    if (!res.ok) return;
    if (!res.data.tables.length) {
      body.append(el("tr", {}, el("td", { colspan: 4, class: "muted small" }, "No open tables right now: open one, or use quick match.")));
    }
    for (const t of res.data.tables) {
      const opts = Object.entries(t.options || {}).map(([k, v]) => `${Civ.titleCase(k)} ${v}`).join(", ");
      // named apart from join(): the button's click calls the function
      const button = el("button", { type: "button", class: "small", dataset: { join: t.id }, disabled: !signedIn,
        title: signedIn ? "" : "sign in to join", onclick: () => join(t) }, "Join");
      body.append(el("tr", { dataset: { table: t.id } },
        el("td", {}, t.title, t.mode ? el("span", { class: "muted small" }, ` · ${Civ.modeName(t.mode)}`) : null,
          opts ? el("div", { class: "muted small" }, opts) : null),
        el("td", { class: "small" }, `${t.free.length} of ${t.players} free`,
          el("div", { class: "muted" }, t.seats.filter((s) => s.player === "human" && s.held)
            .map((s) => `${s.name}${s.rating !== undefined ? ` (${s.rating})` : ""}`).join(", "))),
        el("td", { class: "small" }, speedName(t.speed), t.rated ? el("span", { class: "badge small rated" }, "rated") : null),
        el("td", {}, button)));
    }
  }

  async function join(t) {
    const res = await api("POST", `/api/games/${encodeURIComponent(t.id)}/join`, {});
    if (!res.ok) { toast(res.data.error || "This table cannot be joined."); refreshTables(); return; }
    saveSeat(t.id, res.data.seat, res.data.token, res.data.game);
    location.href = `/play/${t.id}?seat=${res.data.seat}`;
  }

  // ----- quick match ---------------------------------------------------------------------------------
  let polling = null;

  function fillQuickForm() {
    const form = clear(document.getElementById("quick-form"));
    // the games offered, as in the lobby's own list: developers' example games only on request (?examples)
    const examples = new URLSearchParams(location.search).has("examples");
    const offered = catalog.games.filter((g) => examples || !g.example);
    const game = el("select", { id: "quick-game", "aria-label": "Game" }, offered.map((g) => el("option", { value: g.name }, g.title)));
    const players = el("select", { id: "quick-players", "aria-label": "Players" });
    const fillPlayers = () => {
      const g = catalog.games.find((x) => x.name === game.value);
      clear(players);
      if (g) for (let n = g.min_players; n <= g.max_players; n++) players.append(el("option", { value: n }, `${n} players`));
    };
    game.addEventListener("change", fillPlayers);
    fillPlayers();
    const speed = speedSelect("quick-speed");
    speed.value = "realtime";
    form.append(game, players, speed, el("button", { type: "button", id: "quick-go", onclick: start }, "Find players"));
  }

  async function start() {
    if (!signedIn) { toast("sign in to play strangers"); return; }
    const res = await api("POST", "/api/quickmatch", {
      game: document.getElementById("quick-game").value,
      players: Number(document.getElementById("quick-players").value),
      speed: document.getElementById("quick-speed").value,
    });
    if (!res.ok) { toast(res.data.error || "Quick match is not available."); return; }
    showMatch(res.data);
  }

  function showMatch(state) {
    const box = clear(document.getElementById("quick-state"));
    clearTimeout(polling);
    if (state.state === "matched") {
      saveSeat(state.id, state.seat, state.token, state.game);
      box.append("Players found: opening your game…");
      location.href = `/play/${state.id}?seat=${state.seat}`;
      return;
    }
    if (state.state !== "waiting") return;
    box.append(el("span", { id: "quick-waiting" }, `Waiting for players (${speedName(state.key.speed)})… `),
      el("button", { type: "button", class: "small secondary", onclick: async () => {
        await api("DELETE", "/api/quickmatch"); clear(box);
      } }, "Stop waiting"));
    if (state.bots) {
      box.append(" ", el("button", { type: "button", class: "small", id: "quick-bots", onclick: async () => {
        const res = await api("POST", "/api/quickmatch/bots");
        if (!res.ok) { toast(res.data.error || "No game with bots."); return; }
        showMatch({ state: "matched", ...res.data });
      } }, "Nobody came: play bots now"));
    }
    polling = setTimeout(poll, 1000);
  }

  async function poll() {
    const res = await api("GET", "/api/quickmatch");
    if (res.ok) showMatch(res.data);
  }

  async function begin() {
    fillCreateOptions();
    const [me, cat] = await Promise.all([api("GET", "/api/account"), api("GET", "/api/catalog")]);
    signedIn = Boolean(me.ok && me.data.signed_in);
    if (cat.ok) catalog = cat.data;
    fillQuickForm();
    refreshTables();
    if (signedIn) poll();
    setInterval(refreshTables, 5000);
    // signing in or out in the top bar (account.js) changes what this browser may do
    document.addEventListener("civtable:account", (ev) => { signedIn = Boolean(ev.detail); refreshTables(); if (signedIn) poll(); });
  }

  begin();
  return { options, refreshTables };
})();
