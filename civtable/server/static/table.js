/* The shared table mechanism of every game page (see "Teaching tables" in docs/architecture.md):
   board elements that act (Civ.table.actOn), descriptions of the choices before they are made,
   the narration of the big moments, the end-of-game score sheet, the bots' pace, the expert's
   typed actions and the game's own style sheet. Game renderers call Civ.table.actOn; game.js
   calls the rest. */
"use strict";

(() => {
  const { el, clear } = Civ;
  const described = { stateId: -1, actions: {} };

  // ----- the game's own style sheet (static/<game>.css), when the server says it has one -------------
  function loadCss(href) {
    if (!href || document.querySelector(`link[data-game-css="${CSS.escape(href)}"]`)) return;
    document.head.append(el("link", { rel: "stylesheet", href, dataset: { gameCss: href } }));
  }

  // ----- descriptions of the seat's legal actions (the game's describe_action hook) --------------
  let asked = -1, shown = -1;  // the position whose descriptions were asked for, and the one on the page
  async function fetchDescriptions(gameId, token, payload, done) {
    shown = payload.state_id;
    if (!token || !payload.your_turn || !payload.legal.length || asked === payload.state_id) return;
    asked = payload.state_id;
    const res = await Civ.api("GET", `/api/games/${encodeURIComponent(gameId)}/describe?token=${encodeURIComponent(token)}`);
    if (!res.ok || res.data.state_id !== payload.state_id) return;
    described.stateId = res.data.state_id;
    described.actions = res.data.actions || {};
    for (const node of document.querySelectorAll("[data-action]")) {
      const d = described.actions[node.dataset.action];
      if (d && !node.title && !node.dataset.term) node.title = `${d.title}: ${d.text}`;
    }
    if (done) done();
  }
  /** What `text` does in the position on the page; null until its descriptions arrive (the same
      words may do something else in the position before: "done" ends recruiting, then research). */
  function describe(text) { return described.stateId === shown ? described.actions[text] || null : null; }
  /** A small block saying what an action does ("title — text"), or null. */
  function descriptionNode(text, cls) {
    const d = describe(text);
    if (!d) return null;
    return el("div", { class: `described ${cls || ""}`.trim(), dataset: d.term ? { term: d.term } : {} },
      el("strong", {}, d.title), " — ", d.text);
  }

  // ----- board elements that act -------------------------------------------------------------
  let lastPointer = "mouse";
  document.addEventListener("pointerdown", (ev) => { lastPointer = ev.pointerType || "mouse"; }, true);
  let armed = null;
  // A press that a redraw cuts in two: a position pushed while the button is held (another
  // player's move, a bot's) replaces the board's nodes, and a press begun on one node and released
  // on its redrawn twin makes no click; the click was lost without a word. When the pressed node
  // has left the page and the release lands on a node playing the same action, that node is
  // clicked (after the browser's own click, if it made one, had its turn).
  let pressed = null;
  document.addEventListener("pointerdown", (ev) => {
    const n = ev.target instanceof Element ? ev.target.closest(".clickable[data-action]") : null;
    pressed = n && n._civ && ev.button === 0 ? { node: n, action: n.dataset.action } : null;
  }, true);
  document.addEventListener("pointerup", (ev) => {
    const p = pressed;
    pressed = null;
    if (!p || p.node.isConnected) return;
    const hit = document.elementFromPoint(ev.clientX, ev.clientY);
    const n = hit ? hit.closest(".clickable[data-action]") : null;
    if (!n || !n._civ || n.dataset.action !== p.action) return;
    let clicked = false;
    const seen = (e) => { if (e.target instanceof Node && n.contains(e.target)) clicked = true; };
    document.addEventListener("click", seen, true);
    setTimeout(() => { document.removeEventListener("click", seen, true); if (!clicked && n.isConnected) n.click(); }, 0);
  }, true);
  /** Make `node` play one of `actions` (legal action texts): it carries data-action and the shared
      class "clickable" (the highlight of legal places), answers clicks and Enter/Space, shows what
      the action does when pointed at (the tip and the planner), and offers a choice when it could
      mean several actions (`opts.heading` titles the chooser). On a touch screen the first tap
      shows the description and the second plays it. Calling it again on the same node (a board
      kept between positions) replaces its actions; with no legal action the node stops acting.
      A place with no legal action still answers a click (ctx.refuse): the table's reason why the
      action it would play (`opts.tried`, else the first of `actions`) is refused, or, with no
      such action, `opts.why` (plain words) and the decision of the moment. */
  function actOn(node, actions, ctx, opts) {
    opts = opts || {};
    const legal = ctx.readonly ? [] : (actions || []).filter((t) => ctx.legal.has(t));
    const refused = ctx.readonly || legal.length || !ctx.refuse ? null
      : { tried: opts.tried || (actions || [])[0] || null, why: opts.why || null };
    node._civ = { legal, ctx, heading: opts.heading, refused };
    if (!legal.length) {
      node.classList.remove("clickable");
      delete node.dataset.action;
      delete node.dataset.actions;
      node.removeAttribute("tabindex");
      if (refused && !node._civRefusing) {
        node._civRefusing = true;
        node.addEventListener("click", () => {
          const { legal: now, ctx: c, refused: no } = node._civ;
          // a tap on something with a glossary entry reads its tip instead
          if (!now.length && no && !(lastPointer === "touch" && node.closest("[data-term]"))) c.refuse(no.tried, no.why);
        });
      }
      return node;
    }
    node.classList.add("clickable");
    node.dataset.action = legal[0];
    if (legal.length > 1) node.dataset.actions = String(legal.length); else delete node.dataset.actions;
    node.setAttribute("tabindex", "0");
    if (!(node instanceof SVGElement)) node.setAttribute("role", "button");
    if (node._civListening) return node;
    node._civListening = true;
    const go = () => {
      const { legal: now, ctx: c, heading } = node._civ;
      if (!now.length) return;
      if (now.length === 1 || !c.choose) c.act(now[0]);
      else c.choose(node, now, heading);
    };
    node.addEventListener("click", (ev) => {
      const now = node._civ.legal;
      if (!now.length) return;
      // the first tap's node may have been redrawn since (a pushed position): its twin playing the
      // same action is the one tapped again
      const again = armed === node || (armed && !armed.isConnected && armed.dataset.action === node.dataset.action);
      if (lastPointer === "touch" && now.length === 1 && !again) {
        armed = node;
        // the planner above may grow: the page follows, so the place stays under the finger
        const top = node.getBoundingClientRect().top;
        node._civ.ctx.preview(now[0]);
        const moved = node.getBoundingClientRect().top - top;
        if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
        Civ.showTip(node);
        ev.stopPropagation();
        return;
      }
      armed = null;
      go();
    });
    node.addEventListener("keydown", (ev) => { if ((ev.key === "Enter" || ev.key === " ") && node._civ.legal.length) { ev.preventDefault(); go(); } });
    const preview = () => { if (node._civ.legal.length) node._civ.ctx.preview(node._civ.legal[0]); };
    // a tap's own mouse events and focus come just before its click: the planner drawn then would
    // move the place away from under the finger (the click lost, or landing on another option);
    // a tap previews by its click (above), the keyboard's focus still does
    node.addEventListener("mouseenter", () => { if (lastPointer !== "touch") preview(); });
    node.addEventListener("focus", () => { if (lastPointer !== "touch" || node.matches(":focus-visible")) preview(); });
    return node;
  }

  // ----- the story: big moments of the game (view.moments) ------------------------------------------
  const seenMoments = new Set();
  let momentsShown = false;
  let momentsOpen = false;  // a phone's reader asked for every recent moment in full (kept across positions)
  const SHORT = { moments: 1, lines: 2 };  // what a phone shows of them until asked (style.css says the same)
  function momentKey(m) { return `${m.round}|${m.title}|${(m.lines || []).join("|")}`; }
  function momentNode(m, fresh) {
    return el("li", { class: `moment${fresh ? " new" : ""}` },
      el("div", { class: "moment-title" }, m.when || (m.round && m.when === undefined) ? el("span", { class: "muted small" }, `${m.when || `Round ${m.round}`} · `) : null,
        el("strong", {}, m.title)),
      (m.lines || []).length ? el("ul", { class: "moment-lines" }, m.lines.map((x) => el("li", {}, x))) : null);
  }
  /** The "what just happened" panel: the newest moments in full (those new since the page last
      drew them marked), older ones folded away. Hidden while the game has told no moment. A game
      whose renderer says which moments are recent (`recentMoments(payload, list)`: {moments,
      since}, e.g. those since the seat's last turn) leads with those alone, under `since`, and
      says so when there are none: an old moment never leads. */
  function showMoments(payload) {
    const panel = document.getElementById("moments");
    if (!panel) return;
    const list = (payload.view && Array.isArray(payload.view.moments)) ? payload.view.moments : [];
    const renderer = Civ.renderers[payload.game] || {};
    const recent = renderer.recentMoments ? renderer.recentMoments(payload, list) : null;
    if (!list.length && !(recent && recent.moments.length)) { panel.classList.add("hidden"); return; }
    panel.classList.remove("hidden");
    const fresh = list.filter((m) => !seenMoments.has(momentKey(m)));
    const firstDraw = !momentsShown;
    momentsShown = true;
    for (const m of list) seenMoments.add(momentKey(m));
    const lead = recent ? recent.moments : fresh.length && !firstDraw ? fresh : list.slice(-1);
    const leadKeys = new Set(lead.map(momentKey));
    const freshKeys = new Set(fresh.map(momentKey));
    const older = list.filter((m) => !leadKeys.has(momentKey(m)));
    const body = clear(document.getElementById("moments-body"));
    if (recent) {
      body.append(el("p", { class: "small muted moments-since", id: "moments-since" },
        lead.length ? `${recent.since}:` : `Nothing big ${recent.since.charAt(0).toLowerCase()}${recent.since.slice(1)}.`));
    }
    if (lead.length) {
      const newest = lead.slice().reverse();
      const ol = el("ol", { class: "moments-new" + (momentsOpen ? " open" : ""), id: "moments-new" },
        newest.map((m) => momentNode(m, !firstDraw && freshKeys.has(momentKey(m)))));
      body.append(ol);
      // a phone shows the newest moments only, a few lines each (style.css); the rest on a press
      // the button says what it shows: the moments folded away, and the lines folded in those shown
      const hidden = newest.slice(SHORT.moments).length;
      const cut = newest.slice(0, SHORT.moments).reduce((n, m) => n + Math.max(0, (m.lines || []).length - SHORT.lines), 0);
      const counted = (n, word) => `${n} more ${word}${n === 1 ? "" : "s"}`;
      const folded = [hidden ? counted(hidden, "moment") : "", cut ? counted(cut, "line") : ""].filter(Boolean).join(", ");
      if (folded) {
        const more = el("button", { type: "button", class: "linkish small moments-more", id: "moments-more", "aria-controls": "moments-new" });
        const say = () => {
          more.textContent = momentsOpen ? "Show less" : `Show all (${folded})`;
          more.setAttribute("aria-expanded", momentsOpen ? "true" : "false");
        };
        more.addEventListener("click", () => { momentsOpen = !momentsOpen; ol.classList.toggle("open", momentsOpen); say(); });
        say();
        body.append(more);
      }
    }
    if (older.length) {
      body.append(el("details", { class: "moments-old" }, el("summary", {}, `Earlier (${older.length})`),
        el("ol", {}, older.slice().reverse().map((m) => momentNode(m, false)))));
    }
  }

  /** The other players' turns since the seat `me` last acted, as the log tells them: one moment
      per turn, oldest first ({title: "Player 2's turn", lines}), a line said again and again told
      once ("… (× 3)."), the lines matching `skip` left out. The seat's own turn under way is not
      one of them. For a renderer's `recentMoments`. */
  function turnsSince(payload, me, skip) {
    const log = (payload.log || []).filter((e) => e && e.text && e.seat !== null && e.seat !== undefined);
    let k = log.length - 1;
    while (k >= 0 && log[k].seat === me) k -= 1;
    const runs = [];
    for (; k >= 0 && log[k].seat !== me; k -= 1) {
      const e = log[k];
      if (!runs.length || runs[0].seat !== e.seat) runs.unshift({ seat: e.seat, lines: [] });
      const lines = runs[0].lines;
      if (skip && skip.test(e.text)) continue;
      if (lines.length && lines[0].text === e.text) lines[0].times += 1;
      else lines.unshift({ text: e.text, times: 1 });
    }
    return runs.filter((r) => r.lines.length).map((r) => ({ title: `${Civ.playerName(payload, r.seat)}'s turn`, when: "",
      lines: r.lines.map((x) => (x.times > 1 ? `${x.text.replace(/\.$/, "")} (× ${x.times}).` : x.text)) }));
  }

  // ----- the end-of-game score sheet -----------------------------------------------------------
  /** The score sheet (payload.score_sheet, from the game's hook): one row per player, one column
      per scoring category, the winner(s) and the tie-break named. Null without a sheet. */
  function scoreSheet(payload) {
    const sheet = payload.score_sheet;
    if (!sheet) return null;
    const winners = sheet.winners.map((w) => Civ.seatName(payload, w));
    const rows = sheet.rows.slice().sort((a, b) => (sheet.winners.includes(b.seat) - sheet.winners.includes(a.seat))
      || ((typeof b.total === "number" ? b.total : 0) - (typeof a.total === "number" ? a.total : 0)));
    const hasTotal = rows.some((r) => r.total !== null && r.total !== undefined);
    return el("section", { class: "panel summary score-sheet", id: "score-sheet" },
      el("h2", {}, "Final scores"),
      el("p", { class: "big", id: "score-winner" }, winners.length
        ? `${winners.length > 1 ? "Winners" : "Winner"}: ${winners.join(", ")}` : "Nobody won."),
      payload.result && payload.result.reason ? el("p", { class: "small muted", id: "score-reason" }, payload.result.reason) : null,
      sheet.tiebreak ? el("p", { class: "small", id: "score-tiebreak" }, `Tie-break: ${sheet.tiebreak}`) : null,
      scrollCue(el("div", { class: "table-scroll" }, el("table", {},
        // the total next to the name: a sheet wider than its box scrolls its parts, never the total
        el("thead", {}, el("tr", {}, el("th", {}, "Player"), hasTotal ? el("th", {}, "Total") : null,
          sheet.columns.map((c) => el("th", {}, c)))),
        el("tbody", {}, rows.map((r) => Civ.tint(el("tr", { class: sheet.winners.includes(r.seat) ? "winner" : "", dataset: { seat: r.seat } },
          el("td", {}, Civ.seatChip(payload, r.seat), sheet.winners.includes(r.seat) ? " ★" : ""),
          hasTotal ? el("td", { class: "total" }, r.total === null || r.total === undefined ? "—" : String(r.total)) : null,
          r.cells.map((c) => el("td", {}, c === null || c === undefined ? "—" : String(c)))), r.seat)))))),
      // a phone: one card per player instead of a wide table
      el("ol", { class: "sheet-cards" }, rows.map((r) => Civ.tint(el("li", { class: sheet.winners.includes(r.seat) ? "winner" : "" },
        el("div", {}, Civ.seatChip(payload, r.seat), sheet.winners.includes(r.seat) ? " ★" : "",
          hasTotal ? el("strong", { class: "total" }, ` ${r.total ?? "—"}`) : null),
        el("div", { class: "small" }, sheet.columns.map((c, i) => `${c}: ${r.cells[i] ?? "—"}`).join(" · "))), r.seat))));
  }

  /** A box that scrolls sideways (`box`, overflow-x: auto) says so while it hides something: a
      shadow on each edge with more beyond it (gone once scrolled to that end), and a line above
      it. Nothing shows while everything fits. */
  function scrollCue(box) {
    const wrap = el("div", { class: "scroll-cue" },
      el("p", { class: "scroll-more small muted" }, "More columns: scroll sideways ⇆"), el("div", { class: "scroll-shade" }, box));
    const update = () => {
      const over = box.scrollWidth - box.clientWidth > 1;
      wrap.classList.toggle("overflows", over);
      wrap.classList.toggle("more-left", over && box.scrollLeft > 1);
      wrap.classList.toggle("more-right", over && box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
    };
    box.addEventListener("scroll", update, { passive: true });
    if (window.ResizeObserver) {  // laid out, the screen resized, the table's words arrived
      const watcher = new ResizeObserver(update);
      watcher.observe(box);
      if (box.firstElementChild) watcher.observe(box.firstElementChild);
    }
    return wrap;
  }

  // ----- the bots' pace ----------------------------------------------------------------------------
  const PACE_KEY = "civtable.pace";
  const PACES = { instant: "instant", normal: "normal", slow: "slow" };
  function pace() { const p = localStorage.getItem(PACE_KEY); return PACES[p] ? p : "normal"; }
  /** The pace goes to the server once a person has chosen one in this browser; until then the bots
      keep the server's own pace (its --bot-delay, 0.4 s by default: "normal"). */
  async function sendPace(gameId, token) {
    if (!token || !PACES[localStorage.getItem(PACE_KEY)]) return;
    await Civ.api("POST", `/api/games/${encodeURIComponent(gameId)}/pace`, { token, pace: pace() });
  }
  function paceControl(gameId, getToken) {
    const select = document.getElementById("pace");
    if (!select || select.dataset.ready) return;
    select.dataset.ready = "1";
    select.value = pace();
    select.addEventListener("change", () => {
      localStorage.setItem(PACE_KEY, select.value);
      sendPace(gameId, getToken());
    });
    sendPace(gameId, getToken());
  }

  // ----- typing an action: for experts, behind a toggle ---------------------------------------------
  const TYPE_KEY = "civtable.typing";
  function typingToggle() {
    const form = document.getElementById("typed");
    const toggle = document.getElementById("typed-toggle");
    if (!form || !toggle || toggle.dataset.ready) return;
    toggle.dataset.ready = "1";
    const set = (on) => {
      form.classList.toggle("hidden", !on);
      toggle.setAttribute("aria-expanded", on ? "true" : "false");
      toggle.textContent = on ? "Hide typing" : "Type an action";
    };
    set(localStorage.getItem(TYPE_KEY) === "on");
    toggle.addEventListener("click", () => {
      const on = form.classList.contains("hidden");
      localStorage.setItem(TYPE_KEY, on ? "on" : "off");
      set(on);
      if (on) document.getElementById("typed-input").focus();
    });
  }

  Civ.table = { loadCss, fetchDescriptions, describe, descriptionNode, actOn, showMoments, turnsSince, scoreSheet, scrollCue,
                paceControl, typingToggle, pace };
})();
