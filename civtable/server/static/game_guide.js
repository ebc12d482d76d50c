/* The game page's guide (guided games, ?guide in the address): a suggested action and why, what
   just happened, the lesson's goal and words to know. game.js builds it: Civ.gameGuide(page). */
"use strict";

(() => {
  const { api, el, clear, toast } = Civ;

  /** `page`: the table page as game.js shares it (the payload shown, act, rematch, labels). */
  Civ.gameGuide = (page) => {
    const { params } = page;  // the address as opened (game.js tidies it at once)
    const GUIDE_KEY = `civtable.guide.${page.gameId}`;
    let guide = params.get("guide") !== null || localStorage.getItem(GUIDE_KEY) !== null;
    if (params.get("guide") !== null) localStorage.setItem(GUIDE_KEY, params.get("guide") || "on");
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
      const mine = res.data.tutorials.filter((t) => t.game === page.payload.game);
      lesson = mine.find((t) => t.key === key) || (key === "on" || !key ? mine[0] : null) || null;
      if (lesson) showGuide();
    }
    /** The lesson's goal and words to know, each pointing at its glossary entry (hover or tap). */
    function guideIntro() {
      const { payload } = page;
      const byKind = (kind) => Object.entries(Civ.glossary.terms).filter(([, t]) => t.kind === kind);
      const mode = payload.view && payload.view.mode ? Civ.term(`mode:${payload.view.mode}`) : null;
      const chips = (list) => list.map(([id, t]) => el("span", { class: "tag", dataset: { term: id } }, t.name));
      const traits = byKind("trait");
      return el("details", { class: "small stack", id: "guide-intro", open: guideSteps < 3 }, el("summary", {}, "Words to know"),
        lesson && lesson.goal ? el("p", { id: "guide-goal" }, el("strong", {}, "Goal: "), lesson.goal) : null,
        mode ? el("p", {}, el("strong", { dataset: { term: `mode:${payload.view.mode}` } }, mode.name), ": ", mode.text) : null,
        el("p", {}, "Point at (or tap) anything on the table to read what it is and what choosing it does; "
          + "on a touch screen, touch and hold an option to read it before choosing."),
        traits.length ? el("div", { class: "tags" }, el("span", { class: "muted" }, "Traits: "), chips(traits)) : null);
    }
    let guideLogMark = null;
    async function showGuide() {
      const panel = document.getElementById("guide");
      for (const n of document.querySelectorAll(".guide-target")) { n.classList.remove("guide-target"); delete n.dataset.guideAction; }
      if (!guide || page.payload.seat === null) { panel.classList.add("hidden"); return; }
      panel.classList.remove("hidden");
      findLesson();
      const body = clear(document.getElementById("guide-body"));
      if (guideLogMark === null) guideLogMark = Math.max(0, page.payload.log.length - 6);
      const happened = page.payload.log.slice(guideLogMark).filter((e) => e.text).slice(-6);
      const story = () => (happened.length ? [el("div", { class: "small happened-head" }, "What just happened:"),
        el("ul", { class: "happened" }, happened.map((e) => el("li", {}, e.text)))] : []);
      if (page.payload.finished) {
        const winners = (page.payload.result && page.payload.result.winners || []).map((w) => Civ.seatName(page.payload, w));
        const won = winners.length && page.payload.result.winners.includes(page.payload.seat);
        const what = lesson ? lesson.title : "the game";
        body.append(el("p", { class: "big", id: "guide-end" }, won ? `You won ${what}. Well played!`
          : `${what.charAt(0).toUpperCase() + what.slice(1)} is over: ${winners.join(", ") || "nobody"} won.`),
        el("p", { class: "small" }, "The final scores are on the table. Play again, or try another lesson or a full game from the lobby."),
        el("div", { class: "row" }, el("button", { type: "button", id: "guide-rematch", onclick: page.rematch }, "Play again"), " ",
          el("a", { href: "/", class: "button" }, "Back to the lobby")));
        return;
      }
      if (guideSteps === 0 && lesson && lesson.intro) body.append(el("p", { class: "why", id: "guide-intro-text" }, lesson.intro));
      if (hintsOff) {  // the server refuses suggestions for this seat: its words, and no more asking
        body.append(el("p", { class: "why", id: "guide-refused" }, hintsOff), ...story(), guideIntro());
        return;
      }
      if (!page.payload.your_turn) {
        body.append(el("p", { class: "why" }, `Waiting for ${page.payload.decision.players.filter((p) => p >= 0)
          .map((p) => Civ.seatName(page.payload, p)).join(", ") || "the dice"}. Their moves appear in the log below.`), ...story());
        return;
      }
      if (hintFor !== page.payload.state_id) {
        const asked = page.payload.state_id;
        hintFor = asked;
        hint = null;
        body.append(el("p", { class: "muted small" }, "Thinking about a good move…"));
        const res = await api("GET", `/api/games/${encodeURIComponent(page.gameId)}/hint${page.query()}`);
        if (!res.ok) {
          // 403: suggestions are off (a rated game) or the seat is not this browser's any more;
          // 404/410: no such game any more. Said once and never asked again; other failures (the
          // server unreachable, busy) are said for this position, and the next one asks again.
          const words = page.sentence((res.data && res.data.error) || "The guide cannot suggest a move now.");
          if ([403, 404, 410].includes(res.status)) hintsOff = words;
          else if (hintFor === asked) hint = { action: null, error: words };
          if (asked === page.payload.state_id && hintFor === asked) showGuide();
          return;
        }
        // a suggestion for another position than the one shown is dropped: a newer position arrived
        // meanwhile (it asks again), or the server had moved on (its push brings the position)
        if (asked !== page.payload.state_id || hintFor !== asked || res.data.state_id !== asked) return;
        hint = res.data;
        return showGuide();
      }
      if (hint && hint.error) { body.append(el("p", { class: "why", id: "guide-refused" }, hint.error), ...story()); return; }
      if (!hint || !hint.action) return;
      body.append(...story());
      const what = hint.described ? hint.described.title : page.label(hint.action);
      body.append(el("p", { class: "big" }, "Suggested: ", el("strong", { id: "guide-action" }, what)),
        hint.why ? el("p", { class: "why", id: "guide-why" }, hint.why) : null,
        el("p", { class: "muted small" }, "The highlighted control plays it — or choose anything else."),
        el("button", { type: "button", class: "small", id: "guide-do", onclick: () => { guideLogMark = page.payload.log.length; page.act(hint.action); } },
          "Do it"), guideIntro());
      // a board that shows one choice at a time (a tile, a card) may bring the suggested one forward
      if (page.renderer().reveal && !document.querySelector(`#board [data-action="${CSS.escape(hint.action)}"]`)) page.renderer().reveal(hint.action);
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

    return {
      show: showGuide,
      /** Whether the guide suggests `action` in the position shown (the chooser marks it). */
      suggests: (action) => Boolean(guide && hint && hint.action === action && hintFor === page.payload.state_id),
      /** An action is sent: what just happened counts from it on; `undo()` when it was refused. */
      acting() {
        const before = [guideLogMark, guideSteps];
        if (page.payload.log) guideLogMark = page.payload.log.length;
        guideSteps += 1;
        return () => { [guideLogMark, guideSteps] = before; };
      },
      /** A rematch of a guided game is guided again. */
      carryTo(id) { if (guide) localStorage.setItem(`civtable.guide.${id}`, localStorage.getItem(GUIDE_KEY) || "on"); },
    };
  };
})();
