/* The table chat: players write (at most 200 characters, a few messages at a time), spectators
   read. Messages are text nodes, never markup; each reader may mute a player (kept in this
   browser). A message from someone else that arrives while the chat is out of view (scrolled
   away, or the page hidden) counts as unread: the top bar shows how many, and pressing it brings
   the chat into view; the count clears once the chat's messages are seen. Needs common.js;
   game.js calls Civ.chat.start and Civ.chat.receive. */
"use strict";

Civ.chat = (() => {
  const { api, el, clear, toast } = Civ;
  let gameId = null;
  let token = null;
  let payload = null;
  let messages = [];
  let started = false;
  let unread = 0;
  let inView = false;  // the chat's messages show on the screen (IntersectionObserver)

  /** The unread count in the top bar and the chat's heading; none once read. */
  function showUnread() {
    const marker = document.getElementById("chat-unread");
    const words = `${unread} new chat message${unread === 1 ? "" : "s"}`;
    if (marker) {
      marker.classList.toggle("hidden", !unread);
      marker.textContent = `Chat ${unread}`;
      marker.title = `${words}: show the chat`;
      marker.setAttribute("aria-label", words);
    }
    const head = document.getElementById("chat-new");
    if (head) { head.classList.toggle("hidden", !unread); head.textContent = `${unread} new`; }
  }
  const seen = () => inView && document.visibilityState !== "hidden";
  function markRead() { if (unread && seen()) { unread = 0; showUnread(); } }

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

  function receive(message, old) {
    if (messages.some((m) => m.i === message.i)) return;
    if (!old && started && payload && message.seat !== payload.seat && !muted().has(message.seat) && !seen()) {
      unread += 1;
      showUnread();
    }
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
    const log = document.getElementById("chat-log");
    if (window.IntersectionObserver) {
      new IntersectionObserver((entries) => {
        inView = entries.some((e) => e.isIntersecting);
        markRead();
      }).observe(panel);
    } else inView = true;
    document.addEventListener("visibilitychange", markRead);
    const marker = document.getElementById("chat-unread");
    if (marker) marker.addEventListener("click", () => { log.scrollIntoView({ block: "center" }); });
    const res = await api("GET", `/api/games/${encodeURIComponent(gameId)}/chat`);
    if (res.ok) for (const m of res.data.messages) receive(m, true);
    render();
  }

  return { start, receive };
})();
