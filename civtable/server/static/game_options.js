/* The game page's options: the list of the seat's legal actions grouped by kind, the words of
   each option, the planner (what an option costs and leaves, pointed at before choosing) and the
   chooser (one click that could mean several actions), and where the options panel stands (beside
   the table, or on one column right after the part of it they act on). game.js builds it:
   Civ.gameOptions(page). */
"use strict";

(() => {
  const { el, clear } = Civ;

  /** `page`: the table page as game.js shares it (the payload shown, act, the renderer, the guide). */
  Civ.gameOptions = (page) => {
    /** A small menu next to `anchor` when one click could mean several actions, each entry saying
        what it does (the game's descriptions) before it is chosen. */
    function showChooser(anchor, actions, heading) {
      closeChooser();
      const rect = anchor.getBoundingClientRect();
      const menu = el("div", { class: "chooser", id: "chooser", role: "menu" },
        heading ? el("div", { class: "chooser-head small" }, heading) : null,
        actions.map((t) => el("button", { type: "button", class: `small chooser-item${page.guide.suggests(t) ? " guide-target" : ""}`,
          dataset: { action: t }, role: "menuitem",
          onclick: () => { closeChooser(); page.act(t); }, onmouseenter: () => { if (pointer !== "touch") showPlanner(t); } },
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

    function showLegal() {
      const { payload } = page;
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
        list.append(el("option", { value: typedForm(text) }));
      }
      if (!payload.legal.length) {
        box.append(el("p", { class: "muted small" }, payload.finished ? "The game is over." : "Nothing to decide right now."));
      }
      // a renderer may name the kinds its board plays (boardKinds): long lists of those stay folded
      const onBoard = new Set(page.renderer().boardKinds || []);
      for (const [kind, texts] of groups) {
        const buttons = el("div", { class: "row" }, texts.map((t) => el("button", {
          type: "button", class: "small", dataset: { action: t },
          // keyboard focus shows the planner; a click's focus does not (the planner would grow and
          // move the option away from under the pointer between the press and the release)
          onclick: () => page.act(t), onmouseenter: () => { if (pointer !== "touch") showPlanner(t); },
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

    /** A touch screen has no pointing: touching and holding an option (HOLD ms, the finger kept
        still) shows what it does and costs — the planner and the option's tip — and the release
        then chooses nothing; a tap chooses it. Watched on the document: a push that redraws the
        options under the finger neither loses the hold nor lets its release choose the new one. */
    const HOLD = 450;
    // A tap sends the mouse's events too, just before its click: the planner drawn then would grow
    // and move the option away from under the finger, the click landing beside it. After a touch
    // the planner follows holds only.
    let pointer = "mouse";
    let hold = null;  // the option being held: { timer, x, y }
    let held = false;  // a hold was read: the release's click chooses nothing
    const option = (target) => (target instanceof Element ? target.closest("#legal button[data-action]") : null);
    const letGo = () => { if (hold) clearTimeout(hold.timer); hold = null; };
    document.addEventListener("pointerdown", (ev) => {
      pointer = ev.pointerType || "mouse";
      letGo();
      held = false;
      const b = option(ev.target);
      if (!b || ev.pointerType !== "touch") return;
      const text = b.dataset.action;
      hold = { x: ev.clientX, y: ev.clientY, timer: setTimeout(() => {
        hold = null;
        held = true;
        const shown = b.isConnected ? b : [...document.querySelectorAll("#legal button[data-action]")].find((n) => n.dataset.action === text);
        const top = shown ? shown.getBoundingClientRect().top : 0;
        showPlanner(text);
        if (!shown) return;
        const moved = shown.getBoundingClientRect().top - top;  // the planner above grew: the option stays under the finger
        if (Math.abs(moved) >= 1) window.scrollBy(0, moved);
        Civ.showTip(shown);
      }, HOLD) };
    }, true);
    document.addEventListener("pointermove", (ev) => {
      if (hold && Math.hypot(ev.clientX - hold.x, ev.clientY - hold.y) > 10) letGo();  // a scroll, not a hold
    }, true);
    document.addEventListener("pointerup", letGo, true);
    document.addEventListener("pointercancel", letGo, true);
    document.addEventListener("contextmenu", (ev) => { if ((held || hold) && option(ev.target)) ev.preventDefault(); }, true);
    document.addEventListener("click", (ev) => {
      if (!held) return;
      held = false;
      if (!option(ev.target)) return;
      ev.preventDefault();
      ev.stopPropagation();  // nor the button's choosing, nor the page's closing of the tip
    }, true);
    const touchOnly = window.matchMedia("(hover: none)");
    /** The planner's invitation: pointing at an option, or on a touch screen holding it. */
    const invitation = () => (touchOnly.matches
      ? "Touch and hold an option to see what it costs and what remains; tap it to choose it."
      : "Point at an option to see what it costs and what remains.");

    /** An action as a person types it: the renderer's words where it has them (Dominations'
        tiles by what they show, spaces by name), else the action with its ids' underscores as spaces. */
    function typedForm(text) {
      const r = page.renderer();
      return r.typedForm ? r.typedForm(text, page.payload) : text.replace(/_/g, " ");
    }

    /** A group's heading: the renderer's words for a kind of action (kindTitles), else the kind. */
    function kindTitle(kind) { return (page.renderer().kindTitles || {})[kind] || kind.replace(/_/g, " "); }

    /** A button's words: the renderer's, or the action's arguments under its kind's heading. */
    function label(text) {
      const { payload } = page;
      const r = page.renderer();
      const own = r.label ? r.label(text, payload) : null;
      if (own) return own;
      const parts = text.split(" ");
      return parts.length > 1 ? parts.slice(1).join(" ").replace(/_/g, " ") : text;
    }

    let plannerFor = null, plannerSaid = null;  // the option the planner shows, and its description
    function showPlanner(text) {
      const { payload } = page;
      // drawn once per option: redrawing on the click's focus could move the option under the pointer
      if (text === plannerFor && plannerSaid === Civ.table.describe(text)) return;
      plannerFor = text;
      plannerSaid = Civ.table.describe(text);
      const box = clear(document.getElementById("planner"));
      const r = page.renderer();
      const node = text && r.preview ? r.preview(text, payload) : null;
      const said = text ? Civ.table.descriptionNode(text) : null;
      // the option in words: the renderer's, else the whole action (its kind included) without ids' underscores
      const own = text && r.label ? r.label(text, payload) : null;
      box.append(el("div", { class: "what" }, own || (text ? text.replace(/_/g, " ") : "")));
      if (said) box.append(said);
      if (node) box.append(node);
    }

    /** A new position: no chooser open, the planner's invitation. */
    function reset() {
      closeChooser();
      plannerFor = null;
      clear(document.getElementById("planner")).append(el("span", { class: "muted" }, invitation()));
    }

    // ----- where the options stand: beside the table, or on one column after the part they act on --------
    const panel = document.getElementById("actions-panel");
    const home = panel.parentElement, homeNext = panel.nextElementSibling;  // the side column on a wide screen
    const oneColumn = window.matchMedia("(max-width: 1000px)");
    let focused = null;  // a control of the options that had the keyboard focus (a redrawn board detaches them)
    panel.addEventListener("focusin", (ev) => { focused = ev.target; });
    panel.addEventListener("focusout", (ev) => {  // left by the person, or lost to the board's redraw (the panel taken out with it)
      if (panel.contains(ev.relatedTarget)) return;
      const was = ev.target;
      queueMicrotask(() => {  // after the script that took it: out of the page still (a renderer's own redraw) or put back
        if (!panel.isConnected) focused = was;
        else if (!panel.contains(document.activeElement)) focused = null;
      });
    });
    /** On one column (a phone, a narrow window) the options come right after the part of the table
        a person plays on: after the board's element the renderer names (`optionsAfter`, a
        selector: the map, your board) or before it (`optionsBefore`: the players after the land
        and the hand), else after the whole table. On a wide screen they stay in the side column.
        Called after each drawing; a board a renderer draws again by itself (its own redraw
        empties it) takes them back at once. */
    function dock() {
      const board = document.getElementById("board");
      if (panel.contains(document.activeElement)) focused = document.activeElement;  // moved below: kept
      const r = page.renderer();
      const how = !oneColumn.matches ? null : r.optionsAfter ? "after" : r.optionsBefore ? "before" : null;
      const mark = how && board.querySelector(how === "after" ? r.optionsAfter : r.optionsBefore);
      if (mark) {
        if ((how === "after" ? mark.nextElementSibling : mark.previousElementSibling) !== panel) mark[how](panel);
      } else if (panel.parentElement !== home) home.insertBefore(panel, homeNext);
      if (focused && focused.isConnected && (!document.activeElement || document.activeElement === document.body)) {
        focused.focus({ preventScroll: true });  // typing on while the table is drawn again
      }
    }
    new MutationObserver(() => { if (!panel.isConnected) dock(); }).observe(document.getElementById("board"), { childList: true, subtree: true });
    oneColumn.addEventListener("change", dock);

    return { showLegal, label, showPlanner, showChooser, closeChooser, reset, dock };
  };
})();
