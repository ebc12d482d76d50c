/* Lobby: create games, share invitation links, list my games (tokens in localStorage), spectate. */
"use strict";

(() => {
  const { api, el, clear, seats, saveSeat, toast } = Civ;
  let catalog = { games: [], bots: [] };

  const gameSelect = document.getElementById("game-select");
  const modeSelect = document.getElementById("mode-select");
  const playersSelect = document.getElementById("players-select");
  const seatRows = document.getElementById("seat-rows");

  function currentGame() { return catalog.games.find((g) => g.name === gameSelect.value); }

  function fillGames() {
    clear(gameSelect);
    const examples = new URLSearchParams(location.search).has("examples");  // developers' example games, on request
    const games = catalog.games.filter((g) => examples || !g.example).sort((a, b) => (a.name === "inceptum" ? -1 : b.name === "inceptum" ? 1 : 0));
    for (const g of games) gameSelect.append(el("option", { value: g.name }, g.title));
    fillGameOptions();
  }

  function fillGameOptions() {
    const g = currentGame();
    if (!g) return;
    clear(modeSelect);
    for (const m of g.modes) modeSelect.append(el("option", { value: m }, Civ.modeName(m)));
    const modeOption = g.options.find((o) => o.name === "mode");
    if (modeOption && g.modes.includes(modeOption.default)) modeSelect.value = modeOption.default;
    document.getElementById("mode-label").classList.toggle("hidden", g.modes.length === 0);
    clear(playersSelect);
    for (let n = g.min_players; n <= g.max_players; n++) playersSelect.append(el("option", { value: n }, String(n)));
    playersSelect.value = String(Math.min(Math.max(g.min_players, 3), g.max_players));
    document.getElementById("game-description").textContent = g.description || "";
    fillOptions(g);
    fillSeats();
  }

  /** Every option of the game (besides players and mode) can be set here, with its help text. */
  function fillOptions(g) {
    const box = clear(document.getElementById("game-options"));
    const opts = g.options.filter((o) => o.name !== "players" && o.name !== "mode");
    if (!opts.length) return;
    const rows = opts.map((o) => {
      let input;
      if (o.choices) {
        input = el("select", { name: `opt-${o.name}` }, o.choices.map((c) => el("option", { value: String(c) }, Civ.titleCase(String(c)))));
        input.value = String(o.default);
      } else if (o.type === "bool") {
        input = el("input", { type: "checkbox", name: `opt-${o.name}` });
        input.checked = Boolean(o.default);
      } else {
        input = el("input", { type: "number", name: `opt-${o.name}`, value: o.default, min: o.minimum ?? null, max: o.maximum ?? null });
      }
      input.dataset.option = o.name;
      input.dataset.type = o.type;
      input.dataset.default = String(o.default);
      return el("label", { class: "option", title: o.help || "" }, el("span", { class: "opt-name" }, Civ.titleCase(o.name)), input,
        el("span", { class: "muted small opt-help" }, o.help || ""));
    });
    box.append(el("details", {}, el("summary", {}, `Options (${opts.length})`), el("div", { class: "stack" }, rows)));
  }

  function chosenOptions() {
    const out = {};
    for (const input of document.querySelectorAll("#game-options [data-option]")) {
      const value = input.type === "checkbox" ? input.checked : input.dataset.type === "int" ? Number(input.value) : input.value;
      if (String(value) !== input.dataset.default) out[input.dataset.option] = value;
    }
    return out;
  }

  /** Each seat: a person, a level (its sentence and measured rating shown; levels.js) or a bot. */
  let pickers = [];
  function fillSeats() {
    const n = Number(playersSelect.value);
    const old = pickers.map((p) => p.value());
    clear(seatRows);
    pickers = [];
    for (let i = 0; i < n; i++) {
      const picker = Civ.seatPicker(currentGame(), catalog.bots, i, old[i], n);
      pickers.push(picker);
      seatRows.append(picker.node);
    }
  }

  async function create(event) {
    event.preventDefault();
    const g = currentGame();
    const body = { game: g.name, seats: pickers.map((p) => p.value()) };
    const name = document.getElementById("name-input").value.trim();
    const first = body.seats.indexOf("human");
    if (name && first >= 0) body.names = body.seats.map((s, i) => (i === first ? name : null));
    if (g.modes.length) body.mode = modeSelect.value;
    const options = chosenOptions();
    if (Object.keys(options).length) body.options = options;
    const seed = document.getElementById("seed-input").value;
    if (seed !== "") body.seed = Number(seed);
    Object.assign(body, Civ.lobbyTables.options());  // speed, rated, open table (tables.js)
    const button = document.getElementById("create-button");
    button.disabled = true;
    const res = await api("POST", "/api/games", body);
    button.disabled = false;
    if (!res.ok) { toast(res.data.error || "The game could not be created."); return; }
    if (name) localStorage.setItem(NAME_KEY, name);
    openCreated(res.data);
  }

  /** The creator goes to their seat at the new table, where the friends' invitations are shown
      (invites.js); a game of bots alone opens to be watched. */
  function openCreated(data) {
    const mine = data.seats.find((s) => s.token);
    if (!mine) { location.href = data.spectate; return; }
    saveSeat(data.id, mine.seat, mine.token, data.game);
    location.href = `/play/${data.id}?seat=${mine.seat}`;
  }

  /** A game that is over (finished by its rules, ended early by its people, or expired) has a replay and a review. */
  const OVER = { finished: "finished", ended: "ended early", expired: "abandoned" };
  const isOver = (g) => Object.hasOwn(OVER, g.status);

  function turnBadge(g) {
    if (isOver(g)) return el("span", { class: "badge over" }, OVER[g.status]);
    if (g.your_turn) return el("span", { class: "badge turn" }, "your turn");
    if (g.waiting_for && g.waiting_for.length) {
      return el("span", { class: "badge" }, `waiting for ${g.waiting_for.map((p) => Civ.seatName(g, p)).join(", ")}`);
    }
    return el("span", { class: "badge" }, { waiting: "waiting for players", closed: "closed: its creator’s account was deleted", stopped: "stopped: its bots ask too much of this server" }[g.status] || g.status);
  }

  async function refreshMine() {
    const tokens = Object.values(seats()).map((s) => s.token);
    const body = document.querySelector("#my-games tbody");
    document.getElementById("no-games").classList.toggle("hidden", tokens.length > 0);
    if (!tokens.length) { clear(body); return; }
    const res = await api("POST", "/api/games/mine", { tokens });
    if (!res.ok) return;
    clear(body);
    for (const g of res.data.mine) {
      const others = g.seats.filter((s) => s.seat !== g.seat).map((s) => Civ.seatName(g, s.seat));
      const started = g.created ? new Date(g.created * 1000).toLocaleString([], { dateStyle: "short", timeStyle: "short" }) : "";
      body.append(el("tr", { dataset: { game: g.id } },
        el("td", {}, g.title, g.mode ? el("span", { class: "muted small" }, ` · ${Civ.modeName(g.mode)}`) : null,
          el("div", { class: "muted small" }, `started ${started}`)),
        el("td", { class: "small" }, "you: ", Civ.seatChip(g, g.seat), el("div", {}, "vs ", others.join(", "))),
        el("td", {}, turnBadge(g)),
        el("td", {}, el("a", { href: `/play/${g.id}?seat=${g.seat}` }, g.your_turn ? "Play" : "Open"),
          isOver(g) ? [" · ", el("a", { href: `/replay/${g.id}` }, "Replay"),
            " · ", el("a", { href: `/review/${g.id}` }, "Review")] : null)));
    }
  }

  async function refreshRecent() {
    const res = await api("GET", "/api/games");
    if (!res.ok) return;
    const body = clear(document.querySelector("#recent-games tbody"));
    if (!res.data.recent.length) body.append(el("tr", {}, el("td", { colspan: 4, class: "muted small" }, "No games on this server yet.")));
    for (const g of res.data.recent) {
      body.append(el("tr", {},
        el("td", {}, g.title, g.mode ? el("span", { class: "muted small" }, ` · ${Civ.modeName(g.mode)}`) : null),
        el("td", { class: "small" }, g.seats.map((s) => Civ.seatName(g, s.seat)).join(", ")),
        el("td", {}, turnBadge(g)),
        el("td", {}, isOver(g)
          ? [el("a", { href: `/replay/${g.id}` }, "Replay"), " · ", el("a", { href: `/review/${g.id}` }, "Review")]
          : el("a", { href: `/play/${g.id}?watch` }, "Watch"))));
    }
  }

  /** "Learn to play": a guided first game of every game that has one (GET /api/tutorials). */
  async function fillTutorials() {
    const box = clear(document.getElementById("tutorials"));
    const res = await api("GET", "/api/tutorials");
    const lessons = res.ok ? res.data.tutorials : [];
    if (!lessons.length) { document.getElementById("learn-panel").classList.add("hidden"); return; }
    for (const t of lessons) {
      box.append(el("div", { class: "lesson", dataset: { game: t.game } },
        el("button", { type: "button", dataset: { tutorial: t.key, game: t.game }, onclick: () => startTutorial(t) },
          t.title === t.game_title ? `Learn ${t.game_title}` : `${t.game_title} — ${t.title}`),
        el("div", { class: "muted small" }, t.goal)));
    }
  }
  async function startTutorial(t) {
    const name = document.getElementById("name-input").value.trim();
    const human = t.seats.indexOf("human");
    const { mode, ...options } = t.options;
    const body = { game: t.game, seats: t.seats, ...(mode ? { mode } : {}), ...(Object.keys(options).length ? { options } : {}),
      ...(name ? { names: t.seats.map((s, i) => (i === human ? name : null)) } : {}) };
    const res = await api("POST", "/api/games", body);
    if (!res.ok) { toast(res.data.error || "The guided game could not be started."); return; }
    const me = res.data.seats.find((s) => s.token);
    saveSeat(res.data.id, me.seat, me.token, res.data.game);
    localStorage.setItem(`civtable.guide.${res.data.id}`, t.key);
    location.href = `/play/${res.data.id}?seat=${me.seat}`;
  }

  /** The name a person plays under: the last one used in this browser, else the account's. */
  const NAME_KEY = "civtable.name";
  async function fillName() {
    const input = document.getElementById("name-input");
    input.value = localStorage.getItem(NAME_KEY) || "";
    if (input.value) return;
    const res = await api("GET", "/api/account");
    if (res.ok && res.data && res.data.name && !input.value) input.value = res.data.name;
  }

  async function start() {
    fillName();
    const res = await api("GET", "/api/catalog");
    if (!res.ok) { toast("cannot load the list of games"); return; }
    catalog = res.data;
    fillGames();
    fillTutorials();
    gameSelect.addEventListener("change", fillGameOptions);
    playersSelect.addEventListener("change", fillSeats);
    document.getElementById("create-form").addEventListener("submit", create);
    refreshMine();
    refreshRecent();
    setInterval(() => { refreshMine(); refreshRecent(); }, 5000);
  }
  start();
})();
