/* Choosing who plays a seat in the lobby: a person, a level (with its sentence and its measured
   rating on the ladder), a playing style where the game has them, or one of the plain bots. */
"use strict";

(() => {
  const { el } = Civ;

  /** A rating as a whole number, "−3" with a real minus sign, never "-0". */
  function whole(x) {
    const n = Math.round(x);
    return n < 0 ? `−${-n}` : String(Math.abs(n));
  }

  /** "Measured: rating 31 (26 to 36) on the 2-player ladder, 60 games; …" — said plainly to be
      measured at another player count when the ladder never played the `players` chosen — or
      null when not measured. */
  function ratingText(game, level, players) {
    const r = level.rating;
    if (!r) return null;
    const m = game.measured || {};
    const counts = m.players || [];
    const where = counts.length ? ` on the ${counts.join("/")}-player ladder` : " on the ladder";
    const games = r.rated_games || m.games;
    const figures = `rating ${whole(r.mu)} (${whole(r.low)} to ${whole(r.high)})${where}` + (games ? `, ${games} games` : "") +
      "; higher is stronger";
    if (!counts.length || !players || counts.includes(players)) return `Measured: ${figures}.`;
    return `Not yet measured with ${players} players; in ${counts.join("/")}-player games: ${figures}.`;
  }

  // the bots offered by their method (studies use these names): what a person reads of each
  const METHODS = {
    random: ["Random", "Plays any legal move at random"],
    greedy: ["Greedy", "Takes the move that looks best one step ahead"],
    mcts: ["Search", "Looks ahead by playing the game out many times (the search the Strong level uses)"],
  };

  /** One seat row: {node, value()}; `old` is the previous value of this seat ("strong:style=builder" ...),
      `players` the number of players chosen (the level's figures are those measured at that count). */
  function seatPicker(game, bots, i, old, players) {
    const levels = game.levels || [];
    const styles = game.styles || [];
    const names = new Set(levels.map((lv) => lv.name));
    const [oldName, oldParams] = (old || "").split(":");
    const select = el("select", { name: `seat-${i}`, "aria-label": `Player ${i + 1}` },
      el("option", { value: "human" }, "Human"),
      levels.length ? el("optgroup", { label: "Bots by level" },
        levels.map((lv) => el("option", { value: lv.name, title: lv.description }, lv.title))) : null,
      el("optgroup", { label: "Bots by method" },
        bots.filter((b) => !names.has(b)).map((b) => el("option", { value: b, title: (METHODS[b] || [b, ""])[1] },
          (METHODS[b] || [b])[0]))));
    const style = el("select", { name: `style-${i}`, "aria-label": `Player ${i + 1} style`, class: "hidden" },
      el("option", { value: "", title: "The plain player of its level, with no leaning" }, "Balanced"),
      styles.map((s) => el("option", { value: s.name, title: s.description }, s.title)));
    const about = el("div", { class: "muted small level-about" });
    const fallback = i === 0 ? "human" : (names.has("casual") ? "casual" : (bots.includes("greedy") ? "greedy" : bots[0]));
    select.value = oldName && [...select.options].some((o) => o.value === oldName) ? oldName : fallback;
    const oldStyle = /style=([a-z0-9_-]+)/.exec(oldParams || "");
    if (oldStyle && styles.some((s) => s.name === oldStyle[1])) style.value = oldStyle[1];

    function update() {
      const level = levels.find((lv) => lv.name === select.value);
      style.classList.toggle("hidden", !level || !styles.length);
      const chosenStyle = styles.find((s) => s.name === style.value);
      const parts = [];
      if (level) {
        parts.push(level.description);
        const rating = ratingText(game, level, players);
        if (rating) parts.push(rating);
        if (chosenStyle) parts.push(`${chosenStyle.title}: ${chosenStyle.description}`);
      }
      about.textContent = parts.join(" ");
    }
    select.addEventListener("change", update);
    style.addEventListener("change", update);
    update();
    const node = el("div", { class: "seat-block" },
      el("div", { class: "seat-row" }, el("span", { class: "seat-label" }, Civ.swatch(i), `Player ${i + 1}`), select, style),
      about);
    return {
      node,
      value: () => (names.has(select.value) && style.value ? `${select.value}:style=${style.value}` : select.value),
    };
  }

  Civ.seatPicker = seatPicker;
})();
