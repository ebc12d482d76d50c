/* The seat's next decision in sight. When a new kind of decision begins (Path of Civilization's
   Project after a purchase in the library below) and none of the board places that play it is on
   the screen, the page, left scrolled where the last choice was made, scrolls to the first of
   them (a page at its top stays there). Only the page scrolls (never a map's own zoomed box), and only once per decision.
   When the game ends while the page is scrolled away from the result, it scrolls to the score sheet. */
"use strict";

(() => {
  let lastKind = null;
  let playing = null;  // whether the position last shown was of a game being played (null: none shown yet)

  function onScreen(node) {
    const r = node.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
  }

  /** The game ended while this page watched it (not one opened over): a page left scrolled
      away from the result (the library below, the log) scrolls to the score sheet, else to the
      banner that names the winner. */
  function ending(payload) {
    const was = playing;
    playing = !payload.finished;
    if (!payload.finished || was !== true || window.scrollY <= 0) return;
    const result = document.getElementById("score-sheet") || document.getElementById("status");
    if (result && !onScreen(result)) result.scrollIntoView({ block: "start" });
  }

  function decision(payload) {
    ending(payload);
    const kind = payload.your_turn && payload.decision && !payload.finished ? String(payload.decision.kind || "") : null;
    const changed = kind !== lastKind;
    lastKind = kind;
    // only a page left scrolled away from its top: a page at its top shows the table's overview
    // (every player's panel on a laptop), which a new decision never scrolls away
    if (!kind || !changed || window.scrollY <= 0) return;
    const places = [...document.querySelectorAll("#board .clickable[data-action]")].filter((n) => n.getClientRects().length);
    if (!places.length || places.some(onScreen)) return;
    const top = places[0].getBoundingClientRect().top;
    window.scrollTo({ top: Math.max(0, window.scrollY + top - window.innerHeight / 3) });
  }

  Civ.focus = { decision };
})();
