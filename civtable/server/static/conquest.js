/* Conquest: the map picture (SVG drawn on the server from the seat's view) with clickable
   territories; a click plays the legal action naming that territory, or offers the choice. */
"use strict";

(() => {
  const { el, clear } = Civ;

  function actionsFor(territory, legal) {
    return [...legal].filter((t) => t.split(" ").slice(1).map(String).includes(String(territory)));
  }

  Civ.renderers.conquest = {
    render(board, payload, ctx) {
      const mapBox = el("section", { class: "panel map" }, el("h2", {}, "Map"), el("p", { class: "muted small" }, "Loading the map…"));
      const choice = el("div", { class: "row" });
      board.append(mapBox, choice);
      Civ.renderers.generic.render(board, payload, ctx, { skip: ["map", "territories"] });
      if (!ctx.svgUrl) { mapBox.classList.add("hidden"); return; }
      fetch(ctx.svgUrl).then((res) => (res.ok ? res.text() : Promise.reject(res.status))).then((text) => {
        const doc = new DOMParser().parseFromString(text, "image/svg+xml");
        const svg = document.importNode(doc.documentElement, true);
        clear(mapBox).append(el("h2", {}, "Map"), svg);
        for (const node of svg.querySelectorAll("[data-territory]")) {
          const options = actionsFor(node.getAttribute("data-territory"), ctx.legal);
          if (!options.length || ctx.readonly) continue;
          node.classList.add("clickable");
          node.addEventListener("click", () => {
            if (options.length === 1) { ctx.act(options[0]); return; }
            clear(choice).append(el("span", { class: "muted small" }, `${node.getAttribute("data-territory")}:`),
              options.map((t) => el("button", { type: "button", class: "small", onclick: () => ctx.act(t) }, t)));
          });
        }
      }).catch(() => mapBox.classList.add("hidden"));
    },
  };
})();
