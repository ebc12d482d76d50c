/* Inceptum: the words of the option list. A heading for every kind of action (the list groups the
   options by kind; without these the headings were the actions' own names, "COL", "SLOT", "END")
   and the words of the options the table's labels leave alone (they read "keep", "end", "cancel"). */
"use strict";

(() => {
  const table = Civ.renderers.inceptum;
  const RESOURCE = (r) => Civ.titleCase(String(r));

  /** A name whose long words may break across lines with a hyphen, at a syllable's edge near the
      middle ("Lumber-jack", "Stone-mason", "Light-house"): a city's slot is narrower than those
      words on a laptop, where they were cut ("umberjack Hut"). Soft hyphens show only at a break. */
  const VOWEL = /[aeiouy]/i;
  const DIGRAPH = /^(th|ch|sh|ph|ck)$/i;
  const COMPOUND = { Lighthouse: 5 };  // where the syllables' rule does not find the words' seam
  function breakWord(w) {
    if (w.length < 8) return w;
    if (COMPOUND[w]) return `${w.slice(0, COMPOUND[w])}\u00AD${w.slice(COMPOUND[w])}`;
    let best = -1;
    for (const cc of [true, false]) {  // between two consonants first, else before a consonant that starts a syllable
      for (let i = 3; i <= w.length - 3; i++) {
        const [a, b, c] = [w[i - 1], w[i], w[i + 1] || ""];
        const fits = cc ? !VOWEL.test(a) && !VOWEL.test(b) && !DIGRAPH.test(a + b) && /\w/.test(a + b)
          : VOWEL.test(a) && !VOWEL.test(b) && (VOWEL.test(c) || DIGRAPH.test(b + c));
        if (fits && (best < 0 || Math.abs(i - w.length / 2) < Math.abs(best - w.length / 2))) best = i;
      }
      if (best > 0) break;
    }
    return best > 0 ? `${w.slice(0, best)}\u00AD${w.slice(best)}` : w;
  }
  Civ.breakable = (name) => String(name).split(" ").map(breakWord).join(" ");

  table.kindTitles = {
    keep: "Your trait", redraw: "Or draw another", research: "Research an advance", build: "Build a new building",
    upgrade: "Upgrade a building", wonder: "Build a Wonder", slot: "Where to build it", assign: "Extra population token",
    bonus: "Bonus slot", row: "Bonus row", col: "Bonus column", take: "Take 1 from the bonus slot",
    pray: "Pray for 1", benefit: "Government benefit", bank: "Trade with the bank", offer: "Offer a trade",
    give: "You give 1", ask: "You ask for 1", propose: "Your offer", accept: "The offer made to you",
    decline: "Or refuse it", done: "Free actions", cancel: "Or cancel", end: "Your turn",
  };

  /** The words of an option the table's own labels do not name, by its kind. */
  function words(text, payload) {
    const parts = text.split(" ");
    const kind = parts[0];
    const decision = ((payload && payload.decision) || {}).kind;
    if (parts.length === 1) {
      const fixed = {
        keep: "Keep this trait", redraw: "Return it and draw again (the new one must be kept)",
        end: "End your turn", done: "Done: end the free actions", propose: "Send the offer",
        accept: "Accept the trade", decline: "Decline the trade",
        cancel: decision === "offer" ? "Cancel the offer" : decision === "slot" ? "Cancel: do not build it" : "Cancel",
      };
      return fixed[kind] || null;
    }
    if (["give", "ask", "take", "pray"].includes(kind) && parts.length === 2) return RESOURCE(parts[1]);
    if (kind === "bank" && parts.length === 3) return `${RESOURCE(parts[1])} → ${RESOURCE(parts[2])}`;
    if (kind === "assign" && parts.length === 3) return `row ${parts[1]}, column ${parts[2]}`;
    return null;
  }

  const own = table.label;
  table.label = (text, payload) => {
    const parts = text.split(" ");
    if (parts[0] === "bank") return words(text, payload);  // the resources' names, capitalised as on the table
    return own(text, payload) || words(text, payload);
  };
})();
