/* The game page: loads the seat's view, keeps it live over a WebSocket, sends actions, undo, log. */
"use strict";

(() => {
  const { api, el, clear, toast } = Civ;
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  let token = null;
  let payload = null;
  let socket = null;
  let retry = 500;
  let busy = false;

  // A token in the address (#token=...) is stored in this browser, then removed from the address bar.
  // The seat stays in the address (?seat=N) so that a reload, or another tab of this browser
  // holding another seat of the same game, finds the right token.
  const hash = new URLSearchParams(location.hash.slice(1));
  const params = new URLSearchParams(location.search);
  const seatParam = params.get("seat") === null || params.get("seat") === "" ? null : Number(params.get("seat"));
  if (hash.get("token")) {
    token = hash.get("token");
    history.replaceState(null, "", location.pathname);
  } else if (params.get("watch") === null) {
    token = Civ.tokenFor(gameId, seatParam);
  }

  function query() { return token ? `?token=${encodeURIComponent(token)}` : ""; }

  async function load() {
    const res = await api("GET", `/api/games/${encodeURIComponent(gameId)}${query()}`);
    if (!res.ok) {
      if (res.status === 403 && token) {
        toast("this seat's link is not valid for this game; showing the spectator view");
        Civ.forgetSeat(gameId, seatParam);
        token = null;
        return load();
      }
      document.getElementById("status").textContent = res.data.error || "cannot load the game";
      return;
    }
    if (token) {
      Civ.saveSeat(gameId, res.data.seat, token, res.data.game);
      history.replaceState(null, "", `${location.pathname}?seat=${res.data.seat}`);
    }
    show(res.data);
    if (!socket) connect();
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${proto}//${location.host}/ws/games/${encodeURIComponent(gameId)}${query()}`);
    const conn = document.getElementById("conn");
    socket.addEventListener("open", () => { conn.textContent = "live"; conn.className = "conn live"; retry = 500; });
    socket.addEventListener("message", (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "state") show(msg);
    });
    socket.addEventListener("close", () => {
      conn.textContent = "reconnecting"; conn.className = "conn down";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  /** Send an action in the text form; the new view comes back in the answer (and over the socket). */
  async function act(text) {
    if (!token || busy || !payload) return false;
    busy = true;
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/actions`,
      { token, action: text, state_id: payload.state_id });
    busy = false;
    if (!res.ok) {
      toast(res.data.error || "the action was refused");
      if (res.status === 409) load();
      return false;
    }
    show(res.data);
    return true;
  }

  async function undo() {
    if (!token) return;
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/undo`, { token });
    if (!res.ok) { toast(res.data.error || "cannot undo"); return; }
    show(res.data);
  }

  function renderer() { return Civ.renderers[payload.game] || Civ.renderers.generic; }

  const ctx = {
    act,
    readonly: false,
    legal: new Set(),
    svgUrl: null,
    preview(text) { showPlanner(text); },
    choose(anchor, actions) { showChooser(anchor, actions); },
  };

  /** A small menu next to `anchor` when one click could mean several actions. */
  function showChooser(anchor, actions) {
    closeChooser();
    const rect = anchor.getBoundingClientRect();
    const menu = el("div", { class: "chooser", id: "chooser", role: "menu" },
      actions.map((t) => el("button", { type: "button", class: "small", dataset: { action: t }, role: "menuitem",
        onclick: () => { closeChooser(); act(t); }, onmouseenter: () => showPlanner(t) }, t)),
      el("button", { type: "button", class: "small secondary", onclick: closeChooser }, "Cancel"));
    menu.style.left = `${Math.round(rect.left + window.scrollX)}px`;
    menu.style.top = `${Math.round(rect.bottom + window.scrollY + 4)}px`;
    document.body.append(menu);
  }
  function closeChooser() {
    const old = document.getElementById("chooser");
    if (old) old.remove();
  }

  let fullLog = [];

  /** Views carry the end of the log; keep the whole of it here, merged by entry index. */
  function mergeLog(next) {
    const merged = fullLog.slice(0, Math.min(next.log_start || 0, next.state_id));
    for (const entry of next.log) merged[entry.i] = entry;
    fullLog = merged.slice(0, next.state_id).filter(Boolean);
    next.log = fullLog;
  }

  function show(next) {
    if (payload && next.state_id === payload.state_id && next.status === payload.status
        && next.can_undo === payload.can_undo && JSON.stringify(next.legal) === JSON.stringify(payload.legal)
        && JSON.stringify(next.view) === JSON.stringify(payload.view)) return;
    mergeLog(next);
    payload = next;
    closeChooser();
    clear(document.getElementById("planner")).append(el("span", { class: "muted" },
      "Point at an option to see what it costs and what remains."));
    ctx.legal = new Set(payload.legal);
    ctx.payload = payload;
    ctx.svgUrl = `/api/games/${encodeURIComponent(gameId)}/svg${query()}`;
    document.title = `${payload.title} — civtable`;
    document.getElementById("title").textContent = payload.title;
    document.getElementById("seat-info").textContent = payload.seat === null
      ? "watching" : `you are ${Civ.seatName(payload, payload.seat)}`;
    showStatus();
    const board = clear(document.getElementById("board"));
    board.dataset.stateId = String(payload.state_id);
    renderer().render(board, payload, ctx);
    showLegal();
    showLog();
  }

  function showStatus() {
    const status = document.getElementById("status");
    const names = payload.decision.players.filter((p) => p >= 0).map((p) => Civ.seatName(payload, p));
    status.className = "status";
    if (payload.finished) {
      status.classList.add("over");
      const winners = (payload.result && payload.result.winners || []).map((w) => Civ.seatName(payload, w));
      status.textContent = `Game over. Winner: ${winners.join(", ") || "nobody"}.`;
      status.append(" ", el("a", { href: `/replay/${payload.id}` }, "Watch the replay"));
    } else if (payload.your_turn) {
      status.classList.add("yours");
      status.textContent = `Your decision: ${payload.decision.prompt || payload.decision.kind}`;
    } else {
      status.textContent = `Waiting for ${names.join(", ") || "chance"}: ${payload.decision.prompt || payload.decision.kind}`;
    }
  }

  function showLegal() {
    const box = clear(document.getElementById("legal"));
    const list = clear(document.getElementById("legal-list"));
    document.getElementById("actions-panel").classList.toggle("hidden", payload.seat === null);
    document.getElementById("undo").disabled = !payload.can_undo;
    const groups = new Map();
    for (const text of payload.legal) {
      const kind = text.split(" ")[0];
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(text);
      list.append(el("option", { value: text }));
    }
    if (!payload.legal.length) {
      box.append(el("p", { class: "muted small" }, payload.finished ? "The game is over." : "Nothing to decide right now."));
    }
    for (const [kind, texts] of groups) {
      box.append(el("div", { class: "legal-group" }, el("h3", {}, kind),
        el("div", { class: "row" }, texts.map((t) => el("button", {
          type: "button", class: "small", dataset: { action: t },
          onclick: () => act(t), onmouseenter: () => showPlanner(t), onfocus: () => showPlanner(t),
        }, label(t))))));
    }
  }

  /** A button's words: the renderer's, or the action's arguments under its kind's heading. */
  function label(text) {
    const r = renderer();
    const own = r.label ? r.label(text, payload) : null;
    if (own) return own;
    const parts = text.split(" ");
    return parts.length > 1 ? parts.slice(1).join(" ").replace(/_/g, " ") : text;
  }

  function showPlanner(text) {
    const box = clear(document.getElementById("planner"));
    const r = renderer();
    const node = text && r.preview ? r.preview(text, payload) : null;
    box.append(el("div", { class: "what" }, text || ""));
    if (node) box.append(node);
  }

  function showLog() {
    const log = clear(document.getElementById("log"));
    for (const entry of payload.log) {
      log.append(el("li", { class: entry.seat === null ? "chance" : "" }, entry.text));
    }
    log.scrollTop = log.scrollHeight;
  }

  document.getElementById("undo").addEventListener("click", undo);
  document.getElementById("typed").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = document.getElementById("typed-input");
    const text = input.value.trim();
    if (text && await act(text)) input.value = "";
  });
  load();
})();
