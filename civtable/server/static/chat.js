/* The table chat: players write (at most 200 characters, a few messages at a time), spectators
   read. Messages are text nodes, never markup; each reader may mute a player (kept in this
   browser). Needs common.js; game.js calls Civ.chat.start and Civ.chat.receive. */
"use strict";

Civ.chat = (() => {
  const { api, el, clear, toast } = Civ;
  let gameId = null;
  let token = null;
  let payload = null;
  let messages = [];
  let started = false;

  function muteKey() { return `civtable.mute.${gameId}`; }
  function muted() {
    try { return new Set(JSON.parse(localStorage.getItem(muteKey()) || "[]")); } catch (err) { return new Set(); }
  }
  function toggleMute(seat) {
    const set = muted();
    if (set.has(seat)) set.delete(seat); else set.add(seat);
    localStorage.setItem(muteKey(), JSON.stringify([...set]));
    render();
  }

  /** When a message was sent, in the reader's time: "14:05" today, with the day before it otherwise
      (the whole date and time on pointing). */
  function sent(at) {
    if (!at) return null;
    const when = new Date(at * 1000);
    const today = when.toDateString() === new Date().toDateString();
    const shown = when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    return el("time", { class: "chat-time muted small", datetime: when.toISOString(), title: when.toLocaleString() },
      `${today ? "" : `${when.toLocaleDateString([], { day: "numeric", month: "short" })} `}${shown} `);
  }

  function render() {
    const list = clear(document.getElementById("chat-log"));
    const hidden = muted();
    for (const m of messages) {
      if (hidden.has(m.seat)) continue;
      const li = el("li", { dataset: { seat: m.seat } }, sent(m.at), el("strong", {}, `${Civ.playerName(payload, m.seat)}: `),
        el("span", { class: "chat-text" }, m.text));  // text, never markup
      list.append(Civ.tint(li, m.seat));
    }
    list.scrollTop = list.scrollHeight;
    const others = (payload.seats || []).filter((s) => s.seat !== payload.seat && s.player === "human");
    const mutes = document.getElementById("chat-mutes") || el("div", { id: "chat-mutes", class: "row small" });
    clear(mutes);
    for (const s of others) {
      mutes.append(el("button", { type: "button", class: "linkish small", dataset: { mute: s.seat },
        onclick: () => toggleMute(s.seat) }, `${hidden.has(s.seat) ? "Unmute" : "Mute"} ${Civ.playerName(payload, s.seat)}`));
    }
    document.getElementById("chat-form").before(mutes);
  }

  function receive(message) {
    if (messages.some((m) => m.i === message.i)) return;
    messages.push(message);
    messages.sort((a, b) => a.i - b.i);
    if (payload) render();
  }

  async function start(id, seatToken, next) {
    payload = next;
    gameId = id;
    token = seatToken;
    const panel = document.getElementById("chat");
    panel.classList.remove("hidden");
    document.getElementById("chat-form").classList.toggle("hidden", next.seat === null || !token);
    if (started) { render(); return; }
    started = true;
    const form = document.getElementById("chat-form");
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const input = document.getElementById("chat-input");
      const text = input.value.trim();
      if (!text) return;
      const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/chat`, { token, text });
      if (!res.ok) { toast(res.data.error || "The message was not sent."); return; }
      input.value = "";
      receive(res.data.message);
    });
    const res = await api("GET", `/api/games/${encodeURIComponent(gameId)}/chat`);
    if (res.ok) for (const m of res.data.messages) receive(m);
    render();
  }

  return { start, receive };
})();
