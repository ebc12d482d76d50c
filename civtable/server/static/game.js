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
  let leaving = false;  // this page is leaving its waiting table (clock.js): its socket's close is expected

  // A token in the address (#token=...) is stored in this browser, then removed from the address bar.
  // The seat stays in the address (?seat=N) so that a reload, or another tab of this browser
  // holding another seat of the same game, finds the right token.
  const hash = new URLSearchParams(location.hash.slice(1));
  const params = new URLSearchParams(location.search);
  const seatParam = params.get("seat") === null || params.get("seat") === "" ? null : Number(params.get("seat"));
  // An invitation (#invite=...) is claimed once: the server answers a fresh seat token for this
  // browser, and the link then works for nobody else (see clock.js). A seat's own link (#token=...)
  // is used as it is; an older link whose token became an invitation is claimed once the server
  // says so (load).
  let invitation = hash.get("invite");
  if (invitation || hash.get("token")) {
    token = invitation ? null : hash.get("token");
    history.replaceState(null, "", location.pathname);
  } else if (params.get("watch") === null) {
    token = Civ.tokenFor(gameId, seatParam);
  }
  // ?seat=N without a token in this browser: say so plainly instead of silently spectating
  const missingSeat = !token && seatParam !== null && params.get("watch") === null;
  const GUIDE_KEY = `civtable.guide.${gameId}`;
  let guide = params.get("guide") !== null || localStorage.getItem(GUIDE_KEY) !== null;
  if (params.get("guide") !== null) localStorage.setItem(GUIDE_KEY, params.get("guide") || "on");

  function query() { return token ? `?token=${encodeURIComponent(token)}` : ""; }

  async function load() {
    if (invitation) {
      const claimed = await Civ.clocks.claim(gameId, invitation);
      invitation = null;
      if (claimed.token) token = claimed.token;
    }
    const res = await api("GET", `/api/games/${encodeURIComponent(gameId)}${query()}`);
    if (!res.ok) {
      if (res.status === 403 && token && res.data.code === "invitation") {  // a stored older link: claim it
        invitation = token;
        token = null;
        return load();
      }
      if (res.status === 403 && token) {
        toast("this seat's link is not valid for this game; showing the spectator view");
        Civ.forgetSeat(gameId, seatParam);
        token = null;
        return load();
      }
      document.getElementById("status").textContent = res.data.error || "Cannot load the game.";
      return;
    }
    if (token) {
      Civ.saveSeat(gameId, res.data.seat, token, res.data.game);
      history.replaceState(null, "", `${location.pathname}?seat=${res.data.seat}`);
    }
    if (missingSeat) {
      const box = document.getElementById("seat-missing") || el("div", { id: "seat-missing", class: "status", role: "alert" });
      box.textContent = `This browser holds no invitation for Player ${seatParam + 1} of this game, so you are watching. `
        + "Open your invitation link (it ends in #invite=...) to play that seat.";
      document.getElementById("status").after(box);
    }
    if (!Object.keys(Civ.glossary.terms).length) {
      Civ.loadGlossary(gameId).then((g) => {
        Civ.table.loadCss(g.css);
        if (payload) { const keep = payload; payload = null; show(keep); }
      });
    }
    Civ.table.paceControl(gameId, () => token);
    Civ.table.typingToggle();
    show(res.data);
    if (!socket) connect();
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const used = token;  // the token this socket was opened with
    const mine = new WebSocket(`${proto}//${location.host}/ws/games/${encodeURIComponent(gameId)}${query()}`);
    socket = mine;
    const conn = document.getElementById("conn");
    mine.addEventListener("open", () => { if (socket === mine) { conn.textContent = "live"; conn.className = "conn live"; retry = 500; } });
    mine.addEventListener("message", (ev) => {
      if (socket !== mine) return;
      const msg = JSON.parse(ev.data);
      if (msg.now) Civ.clocks.sync(msg.now);
      if (msg.type === "state") show(msg);
      else if (msg.type === "chat") Civ.chat.receive(msg.message);
    });
    mine.addEventListener("close", (ev) => {
      if (socket !== mine) return;  // replaced meanwhile
      if (leaving) { socket = null; return; }  // this page is leaving the table
      if (ev.code === 4403 && used) { socket = null; seatLost(used, ev.reason); return; }  // the token is dead: never again
      if (ev.code === 4403) { socket = null; conn.textContent = "closed"; conn.className = "conn down"; return; }
      if (ev.code === 4404) {  // the game is gone: asking again cannot bring it back
        socket = null; conn.textContent = "no such game"; conn.className = "conn down";
        toast(ev.reason || "there is no such game"); return;
      }
      conn.textContent = ev.code === 4429 ? "too many connections" : "reconnecting"; conn.className = "conn down";
      if (ev.code === 4429) { toast(ev.reason || "too many connections"); retry = 30000; }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  /** The server closed the seat's socket with 4403: `dead` holds the seat no more (the seat was
      given to someone else by a new invitation, was left at a waiting table, or this browser signed
      out). The page forgets the token, says why in plain words and shows the game as a spectator
      sees it; another token of this browser for the seat (claimed in another tab) plays on. */
  function seatLost(dead, reason) {
    if (token === dead) {
      token = null;
      const seat = payload && payload.seat !== null ? payload.seat : seatParam;
      const stored = seat === null ? null : Civ.tokenFor(gameId, seat);
      if (stored && stored !== dead) {
        token = stored;
      } else {
        if (stored) Civ.forgetSeat(gameId, seat);
        history.replaceState(null, "", `${location.pathname}?watch`);
        const words = sentence(reason || "this seat is no longer yours");
        const who = seat === null || !payload ? "" : ` You were ${Civ.playerName(payload, seat)}.`;
        const box = document.getElementById("seat-lost") || el("div", { id: "seat-lost", class: "status refused", role: "alert" });
        box.textContent = `${words}${who} You are now watching the game.`;
        document.getElementById("status").after(box);
      }
    }
    load();  // the view of the token now held (none: the spectator's), and its socket
  }

  /** A server's words as a sentence: a capital first letter and a full stop. */
  function sentence(words) {
    const text = String(words).trim();
    return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? "" : ".");
  }

  /** Send an action in the text form; the new view comes back in the answer (and over the socket).
      A refusal says the table's plain sentence (`error`); an action typed in the box (`typed`)
      hears the answer's `typed` instead when there is one: the same refusal with how what can be
      played now is typed. The server writes both as sentences, and answers a refusal as an
      answer (POST .../actions/try), not a failed request the browser logs as an error. */
  async function act(text, typed) {
    if (!token || busy || !payload) return false;
    const before = [guideLogMark, guideSteps];  // what the guide counts from: this action on, unless refused
    if (payload.log) guideLogMark = payload.log.length;
    guideSteps += 1;
    busy = true;
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/actions/try`,
      { token, action: text, state_id: payload.state_id });
    busy = false;
    if (!res.ok || !res.data.ok) {
      [guideLogMark, guideSteps] = before;
      if (res.data.code === "stale") {  // legal when drawn, but the position moved meanwhile
        toast("The position had changed before your choice arrived, so nothing was played: here is the new position.");
      } else {
        toast((typed && res.data.typed) || res.data.error || "The action was refused.");
      }
      if (res.data.status === 409) load();  // the position, or the game, is not the one shown
      return false;
    }
    // the answer can arrive after the pushes of later positions (a fast bot): never go back to it
    if (!payload || res.data.game.state_id >= payload.state_id) show(res.data.game);
    return true;
  }

  /** A click on a board element that cannot act now: the table's plain-words reason why `text`
      (the action it would play) is refused (nothing changes), or, with no such action, `why` and
      the decision of the moment; or whose turn it is. */
  let refusing = false;
  async function refuse(text, why) {
    if (!token || busy || refusing || !payload || payload.finished) return;
    if (!payload.your_turn) { toast(`Not your turn: ${document.getElementById("status").textContent}`); return; }
    if (!text) { toast(`${sentence(why || "nothing to do there now")} ${document.getElementById("status").textContent}.`); return; }
    refusing = true;
    const said = await whyNot(text).finally(() => { refusing = false; });
    if (said) toast(said.error); else act(text);  // else it had just become possible
  }

  /** The refusal `text` would meet now ({error, typed, code}; null: it would be taken), answered
      by the server as an answer, not a failed request the browser logs as an error. */
  async function whyNot(text) {
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/actions/check`, { token, action: text, state_id: payload.state_id });
    if (res.ok && res.data.ok) return null;
    if (["stale", "not_your_turn"].includes(res.data.code)) load();  // the position has moved on
    return { ...res.data, error: res.data.error || "Not possible now." };
  }

  /** Play again: the same game, seats and bots, a new deal; the first to ask makes it, the
      others join their own seat of it; a seat this browser already holds there is simply opened. */
  function heldThere() { return payload.rematch && Civ.tokenFor(payload.rematch, payload.seat) ? payload.rematch : null; }
  async function rematch() {
    if (heldThere()) { location.href = `/play/${encodeURIComponent(heldThere())}?seat=${payload.seat}`; return; }
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/rematch`, { token });
    if (!res.ok) { toast(res.data.error || "No rematch now."); return; }
    if (guide) localStorage.setItem(`civtable.guide.${res.data.id}`, localStorage.getItem(GUIDE_KEY) || "on");  // guided again
    location.href = res.data.url;
  }

  async function undo() {
    if (!token) return;
    const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/undo`, { token });
    if (!res.ok) { toast(res.data.error || "Cannot undo."); return; }
    show(res.data);
  }

  function renderer() { return Civ.renderers[payload.game] || Civ.renderers.generic; }

  const ctx = {
    act,
    refuse,
    readonly: false,
    legal: new Set(),
    svgUrl: null,
    preview(text) { showPlanner(text); },
    choose(anchor, actions, heading) { showChooser(anchor, actions, heading); },
  };

  /** A small menu next to `anchor` when one click could mean several actions, each entry saying
      what it does (the game's descriptions) before it is chosen. */
  function showChooser(anchor, actions, heading) {
    closeChooser();
    const rect = anchor.getBoundingClientRect();
    const menu = el("div", { class: "chooser", id: "chooser", role: "menu" },
      heading ? el("div", { class: "chooser-head small" }, heading) : null,
      actions.map((t) => el("button", { type: "button", class: `small chooser-item${guide && hint && hint.action === t && hintFor === payload.state_id ? " guide-target" : ""}`,
        dataset: { action: t }, role: "menuitem",
        onclick: () => { closeChooser(); act(t); }, onmouseenter: () => showPlanner(t) },
        el("span", { class: "chooser-label" }, label(t)), Civ.table.descriptionNode(t, "small"))),
      el("button", { type: "button", class: "small secondary", onclick: closeChooser }, "Cancel"));
    const width = Math.min(360, window.innerWidth - 16);
    menu.style.maxWidth = `${width}px`;
    const left = Math.min(Math.max(8, rect.left + window.scrollX), window.scrollX + window.innerWidth - width - 8);
    menu.style.left = `${Math.round(Math.max(8, left))}px`;
    menu.style.top = `${Math.round(rect.bottom + window.scrollY + 4)}px`;
    document.body.append(menu);
  }
  function closeChooser() {
    const old = document.getElementById("chooser");
    if (old) old.remove();
  }
  window.addEventListener("resize", closeChooser);  // placed for the old layout: close it

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
        && JSON.stringify(next.view) === JSON.stringify(payload.view)
        && JSON.stringify(next.seats) === JSON.stringify(payload.seats)
        && JSON.stringify(next.table) === JSON.stringify(payload.table) && next.rematch === payload.rematch
        && JSON.stringify(next.series) === JSON.stringify(payload.series)) return;
    mergeLog(next);
    payload = next;
    closeChooser();
    plannerFor = null;
    clear(document.getElementById("planner")).append(el("span", { class: "muted" },
      "Point at an option to see what it costs and what remains."));
    ctx.legal = new Set(payload.legal);
    ctx.payload = payload;
    ctx.svgUrl = `/api/games/${encodeURIComponent(gameId)}/svg${query()}`;
    const wasMine = lastYourTurn;
    lastYourTurn = payload.your_turn;
    const me = payload.seat === null ? "" : `${Civ.playerName(payload, payload.seat)} · `;
    document.title = `${payload.your_turn ? "● Your turn — " : ""}${me}${payload.title} — civtable`;
    if (payload.your_turn && !wasMine && wasMine !== null && document.hidden && window.Notification
        && Notification.permission === "granted") {
      new Notification(`${payload.title}: your turn`, { body: payload.decision.prompt || "", tag: gameId });
    }
    document.getElementById("title").textContent = payload.title;
    const info = clear(document.getElementById("seat-info"));
    if (payload.seat === null) info.append("watching");
    else info.append("you are ", Civ.seatChip(payload, payload.seat));
    const rules = document.getElementById("rules-link");
    if (Civ.glossary.rules) rules.href = `${Civ.glossary.rules}?table=${encodeURIComponent(gameId)}${payload.seat === null ? "" : `&seat=${payload.seat}`}`;
    rules.classList.toggle("hidden", !Civ.glossary.rules);
    document.getElementById("notify").classList.toggle("hidden",
      payload.seat === null || !window.Notification || Notification.permission !== "default");
    Civ.glossary.extra = renderer().termExtra ? (id, target) => renderer().termExtra(id, payload, target) : null;
    showStatus();
    Civ.clocks.show(payload, { gameId, token, reload: load, leaving: (on) => { leaving = on; } });  // players, clocks, waiting, forfeits (clock.js)
    Civ.chat.start(gameId, token, payload);  // the table chat (chat.js)
    showNameForm();
    const board = clear(document.getElementById("board"));
    board.dataset.stateId = String(payload.state_id);
    renderer().render(board, payload, ctx);
    if (payload.score_sheet) {  // the end of the game leads the table
      const sheet = board.querySelector("#score-sheet") || Civ.table.scoreSheet(payload);
      board.prepend(sheet);
    }
    showLegal();
    showLog();
    Civ.table.showMoments(payload);
    Civ.table.fetchDescriptions(gameId, token, payload, () => {
      // the options' words may come from the descriptions: relabel the buttons in place
      for (const b of document.querySelectorAll("#legal button[data-action]")) {
        const words = label(b.dataset.action);
        if (b.textContent !== words) b.textContent = words;
      }
      for (const item of document.querySelectorAll("#chooser .chooser-item")) {
        if (!item.querySelector(".described")) Civ.append(item, [Civ.table.descriptionNode(item.dataset.action, "small")]);
      }
    });
    Civ.progress.refresh(() => payload, `/api/games/${encodeURIComponent(gameId)}/progress${query()}`);
    showGuide();
    Civ.focus.decision(payload);  // focus.js: a new decision's places in sight
  }

  let lastYourTurn = null;

  // ----- the guide (guided games): a suggested action, why, and what just happened -------------
  let hint = null;
  let hintFor = -1;
  let hintsOff = null;  // the server's words when it refuses suggestions for this seat
  let guideSteps = 0;
  let lesson = null;  // the guided game's lesson (GET /api/tutorials), if the guide names one
  let lessonAsked = false;
  async function findLesson() {
    if (lessonAsked) return;
    lessonAsked = true;
    const key = localStorage.getItem(GUIDE_KEY);
    const res = await api("GET", "/api/tutorials");
    if (!res.ok) return;
    const mine = res.data.tutorials.filter((t) => t.game === payload.game);
    lesson = mine.find((t) => t.key === key) || (key === "on" || !key ? mine[0] : null) || null;
    if (lesson) showGuide();
  }
  /** The lesson's goal and words to know, each pointing at its glossary entry (hover or tap). */
  function guideIntro() {
    const byKind = (kind) => Object.entries(Civ.glossary.terms).filter(([, t]) => t.kind === kind);
    const mode = payload.view && payload.view.mode ? Civ.term(`mode:${payload.view.mode}`) : null;
    const chips = (list) => list.map(([id, t]) => el("span", { class: "tag", dataset: { term: id } }, t.name));
    const traits = byKind("trait");
    return el("details", { class: "small stack", id: "guide-intro", open: guideSteps < 3 }, el("summary", {}, "Words to know"),
      lesson && lesson.goal ? el("p", { id: "guide-goal" }, el("strong", {}, "Goal: "), lesson.goal) : null,
      mode ? el("p", {}, el("strong", { dataset: { term: `mode:${payload.view.mode}` } }, mode.name), ": ", mode.text) : null,
      el("p", {}, "Point at (or tap) anything on the table to read what it is and what choosing it does."),
      traits.length ? el("div", { class: "tags" }, el("span", { class: "muted" }, "Traits: "), chips(traits)) : null);
  }
  let guideLogMark = null;
  async function showGuide() {
    const panel = document.getElementById("guide");
    for (const n of document.querySelectorAll(".guide-target")) { n.classList.remove("guide-target"); delete n.dataset.guideAction; }
    if (!guide || payload.seat === null) { panel.classList.add("hidden"); return; }
    panel.classList.remove("hidden");
    findLesson();
    const body = clear(document.getElementById("guide-body"));
    if (guideLogMark === null) guideLogMark = Math.max(0, payload.log.length - 6);
    const happened = payload.log.slice(guideLogMark).filter((e) => e.text).slice(-6);
    const story = () => (happened.length ? [el("div", { class: "small happened-head" }, "What just happened:"),
      el("ul", { class: "happened" }, happened.map((e) => el("li", {}, e.text)))] : []);
    if (payload.finished) {
      const winners = (payload.result && payload.result.winners || []).map((w) => Civ.seatName(payload, w));
      const won = winners.length && payload.result.winners.includes(payload.seat);
      const what = lesson ? lesson.title : "the game";
      body.append(el("p", { class: "big", id: "guide-end" }, won ? `You won ${what}. Well played!`
        : `${what.charAt(0).toUpperCase() + what.slice(1)} is over: ${winners.join(", ") || "nobody"} won.`),
      el("p", { class: "small" }, "The final scores are on the table. Play again, or try another lesson or a full game from the lobby."),
      el("div", { class: "row" }, el("button", { type: "button", id: "guide-rematch", onclick: rematch }, "Play again"), " ",
        el("a", { href: "/", class: "button" }, "Back to the lobby")));
      return;
    }
    if (guideSteps === 0 && lesson && lesson.intro) body.append(el("p", { class: "why", id: "guide-intro-text" }, lesson.intro));
    if (hintsOff) {  // the server refuses suggestions for this seat: its words, and no more asking
      body.append(el("p", { class: "why", id: "guide-refused" }, hintsOff), ...story(), guideIntro());
      return;
    }
    if (!payload.your_turn) {
      body.append(el("p", { class: "why" }, `Waiting for ${payload.decision.players.filter((p) => p >= 0)
        .map((p) => Civ.seatName(payload, p)).join(", ") || "the dice"}. Their moves appear in the log below.`), ...story());
      return;
    }
    if (hintFor !== payload.state_id) {
      const asked = payload.state_id;
      hintFor = asked;
      hint = null;
      body.append(el("p", { class: "muted small" }, "Thinking about a good move…"));
      const res = await api("GET", `/api/games/${encodeURIComponent(gameId)}/hint${query()}`);
      if (!res.ok) {
        // 403: suggestions are off (a rated game) or the seat is not this browser's any more;
        // 404/410: no such game any more. Said once and never asked again; other failures (the
        // server unreachable, busy) are said for this position, and the next one asks again.
        const words = sentence((res.data && res.data.error) || "The guide cannot suggest a move now.");
        if ([403, 404, 410].includes(res.status)) hintsOff = words;
        else if (hintFor === asked) hint = { action: null, error: words };
        if (asked === payload.state_id && hintFor === asked) showGuide();
        return;
      }
      // a suggestion for another position than the one shown is dropped: a newer position arrived
      // meanwhile (it asks again), or the server had moved on (its push brings the position)
      if (asked !== payload.state_id || hintFor !== asked || res.data.state_id !== asked) return;
      hint = res.data;
      return showGuide();
    }
    if (hint && hint.error) { body.append(el("p", { class: "why", id: "guide-refused" }, hint.error), ...story()); return; }
    if (!hint || !hint.action) return;
    body.append(...story());
    const what = hint.described ? hint.described.title : label(hint.action);
    body.append(el("p", { class: "big" }, "Suggested: ", el("strong", { id: "guide-action" }, what)),
      hint.why ? el("p", { class: "why", id: "guide-why" }, hint.why) : null,
      el("p", { class: "muted small" }, "The highlighted control plays it — or choose anything else."),
      el("button", { type: "button", class: "small", id: "guide-do", onclick: () => { guideLogMark = payload.log.length; act(hint.action); } },
        "Do it"), guideIntro());
    // a board that shows one choice at a time (a tile, a card) may bring the suggested one forward
    if (renderer().reveal && !document.querySelector(`#board [data-action="${CSS.escape(hint.action)}"]`)) renderer().reveal(hint.action);
    const targets = [...document.querySelectorAll(`#board [data-action="${CSS.escape(hint.action)}"], #legal [data-action="${CSS.escape(hint.action)}"]`)];
    // a board element that offers several actions names only its first in data-action: it is the
    // suggested control too when the suggestion is among its choices (its chooser marks the one)
    for (const n of document.querySelectorAll("#board .clickable")) {
      if (!targets.includes(n) && n._civ && n._civ.legal.includes(hint.action)) targets.push(n);
    }
    for (const n of targets) { n.classList.add("guide-target"); n.dataset.guideAction = hint.action; }
    // the suggested control is brought into view: above the guide where a phone docks it at the
    // bottom of the screen (style.css), so that the guide's words and the control show together
    const control = targets.find((n) => n.closest("#board")) || targets[0];
    if (control) Civ.zoom.show(control);  // a zoomed land moves to show it
    if (control) {
      const r = control.getBoundingClientRect();
      const docked = getComputedStyle(panel).position === "fixed";
      const room = docked ? panel.getBoundingClientRect().top : window.innerHeight;
      const calm = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      if (r.top < 0 || r.bottom > room) window.scrollBy({ top: r.top + r.height / 2 - room / 2, behavior: calm ? "auto" : "smooth" });
    }
  }
  document.getElementById("guide-leave").addEventListener("click", () => {
    guide = false;
    localStorage.removeItem(GUIDE_KEY);
    showGuide();
    toast("The guide is off. Reopen it with ?guide in the address.", "info");
  });
  document.getElementById("notify").addEventListener("click", async () => {
    if (!window.Notification) return;
    await Notification.requestPermission();
    document.getElementById("notify").classList.add("hidden");
  });

  // ----- the player's display name: asked once when a seat without a chosen name is opened ---------
  const NAME_KEY = "civtable.name";
  let nameAsked = false;
  let accountName = null;
  async function showNameForm() {
    const seat = payload.seat === null ? null : (payload.seats || [])[payload.seat];
    const old = document.getElementById("name-form");
    if (!token || !seat || seat.named || payload.finished) { if (old) old.remove(); return; }
    if (old) return;
    if (!nameAsked) {
      nameAsked = true;
      const res = await api("GET", "/api/account");
      if (res.ok && res.data && res.data.name) accountName = res.data.name;
    }
    if (document.getElementById("name-form")) return;
    const input = el("input", { id: "name-input", name: "name", maxlength: 24, required: true, autocomplete: "nickname", size: 12,
      placeholder: "Your name", "aria-label": `Your name at this table (otherwise ${Civ.playerName(payload, payload.seat)})`,
      title: "The name the other players see", value: localStorage.getItem(NAME_KEY) || accountName || "" });
    const form = el("form", { id: "name-form", class: "name-form" }, input, el("button", { type: "submit", class: "small" }, "Save name"));
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const res = await api("POST", `/api/games/${encodeURIComponent(gameId)}/name`, { token, name: input.value });
      if (!res.ok) { toast(res.data.error || "This name cannot be used."); return; }
      localStorage.setItem(NAME_KEY, input.value.trim());
      form.remove();
      payload = null;
      show(res.data);
    });
    document.getElementById("seat-info").after(form);
  }

  function showStatus() {
    const status = document.getElementById("status");
    const names = payload.decision.players.filter((p) => p >= 0).map((p) => Civ.seatName(payload, p));
    status.className = "status";
    if (payload.finished) {
      status.classList.add("over");
      const winners = (payload.result && payload.result.winners || []).map((w) => Civ.seatName(payload, w));
      status.textContent = `Game over. Winner: ${winners.join(", ") || "nobody"}.`;
      status.append(" ", el("a", { href: `/replay/${payload.id}` }, "Watch the replay"),
        " · ", el("a", { href: `/review/${payload.id}`, class: "review-link" }, "Review the game"));
      if (payload.seat !== null && token && payload.seats[payload.seat].player === "human") {
        status.append(" ", el("button", { type: "button", id: "rematch", onclick: rematch },
          heldThere() ? "Go to the rematch" : payload.rematch ? "Join the rematch" : "Play again"));
      } else if (payload.rematch) {
        status.append(" · ", el("a", { href: `/play/${payload.rematch}?watch` }, "Watch the rematch"));
      }
      const series = seriesTally();
      if (series) status.append(series);
    } else if (payload.your_turn) {
      status.classList.add("yours");
      status.textContent = `Your decision: ${payload.decision.prompt || payload.decision.kind}`;
    } else {
      status.textContent = `Waiting for ${names.join(", ") || "chance"}: ${payload.decision.prompt || payload.decision.kind}`;
    }
  }

  /** A game of a series of rematches, once over: "Game N of this series" and the tally after it
   * (wins per player by name and colour, shared wins, ties, total scores), as the server counts it. */
  function seriesTally() {
    const s = payload.series;
    if (!s) return null;
    const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
    const rows = s.players.map((p) => el("li", { dataset: { seat: p.seat } },
      el("span", { class: "who" }, Civ.swatch(p.seat), Civ.seatName(payload, p.seat)), ": ", count(p.wins, "win"),
      p.shared ? `, ${p.shared} shared` : "", p.score === null || p.score === undefined ? "" : ` · total score ${p.score}`));
    const notes = [];
    if (s.ties) notes.push(count(s.ties, "tie"));
    if (s.games > s.decided) notes.push(`${count(s.games - s.decided, "game")} without a result`);
    return el("div", { id: "series", class: "series" },
      el("strong", {}, `Game ${s.game} of this series`), " — standings after it:",
      el("ul", { class: "series-tally" }, rows), notes.length ? el("div", { class: "small" }, notes.join(" · ")) : "");
  }

  function showLegal() {
    const box = clear(document.getElementById("legal"));
    const list = clear(document.getElementById("legal-list"));
    // a finished game has no options: on a phone the score sheet then comes first
    document.getElementById("actions-panel").classList.toggle("hidden", payload.seat === null || (payload.finished && !payload.can_undo));
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
    // a renderer may name the kinds its board plays (boardKinds): long lists of those stay folded
    const onBoard = new Set(renderer().boardKinds || []);
    for (const [kind, texts] of groups) {
      const buttons = el("div", { class: "row" }, texts.map((t) => el("button", {
        type: "button", class: "small", dataset: { action: t },
        // keyboard focus shows the planner; a click's focus does not (the planner would grow and
        // move the option away from under the pointer between the press and the release)
        onclick: () => act(t), onmouseenter: () => showPlanner(t),
        onfocus: (ev) => { if (ev.target.matches(":focus-visible")) showPlanner(t); },
      }, label(t))));
      if (onBoard.has(kind) && texts.length > 8) {
        box.append(el("details", { class: "legal-group folded" },
          el("summary", {}, `${kindTitle(kind)}: ${texts.length} choices — on the table, or from this list`), buttons));
      } else {
        box.append(el("div", { class: "legal-group" }, el("h3", {}, kindTitle(kind)), buttons));
      }
    }
  }

  /** A group's heading: the renderer's words for a kind of action (kindTitles), else the kind. */
  function kindTitle(kind) { return (renderer().kindTitles || {})[kind] || kind.replace(/_/g, " "); }

  /** A button's words: the renderer's, or the action's arguments under its kind's heading. */
  function label(text) {
    const r = renderer();
    const own = r.label ? r.label(text, payload) : null;
    if (own) return own;
    const parts = text.split(" ");
    return parts.length > 1 ? parts.slice(1).join(" ").replace(/_/g, " ") : text;
  }

  let plannerFor = null, plannerSaid = null;  // the option the planner shows, and its description
  function showPlanner(text) {
    // drawn once per option: redrawing on the click's focus could move the option under the pointer
    if (text === plannerFor && plannerSaid === Civ.table.describe(text)) return;
    plannerFor = text;
    plannerSaid = Civ.table.describe(text);
    const box = clear(document.getElementById("planner"));
    const r = renderer();
    const node = text && r.preview ? r.preview(text, payload) : null;
    const said = text ? Civ.table.descriptionNode(text) : null;
    // the option in words: the renderer's, else the whole action (its kind included) without ids' underscores
    const own = text && r.label ? r.label(text, payload) : null;
    box.append(el("div", { class: "what" }, own || (text ? text.replace(/_/g, " ") : "")));
    if (said) box.append(said);
    if (node) box.append(node);
  }

  function showLog() {
    const log = clear(document.getElementById("log"));
    for (const entry of payload.log) {
      if (!entry.text) continue;  // nothing worth a line (e.g. composing a trade offer)
      const li = el("li", { class: entry.seat === null || entry.seat < 0 ? "chance" : "", dataset: { seat: entry.seat } }, entry.text);
      if (entry.seat !== null && entry.seat >= 0) Civ.tint(li, entry.seat);
      log.append(li);
    }
    log.scrollTop = log.scrollHeight;
  }

  document.getElementById("undo").addEventListener("click", undo);
  Civ.zoom.watch(document.getElementById("board"));  // a board drawn too small to read zooms (zoom.js)
  document.getElementById("typed").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const input = document.getElementById("typed-input");
    // a game whose board names things its own way (Dominations' "M20") turns them back into the action's words
    const raw = input.value.trim();
    const text = raw && renderer().typed ? renderer().typed(raw) : raw;
    if (text && await act(text, true)) input.value = "";
  });
  load();
})();
