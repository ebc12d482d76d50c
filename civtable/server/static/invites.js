/* The invitations of a new game, at its table: the lobby keeps the links it was given at
   creation in this browser (Civ.invites.keep) and takes the creator to their seat; the table
   shows the friends' links, each with a Copy button, while their seats are free, and the
   creator's own link (to open the seat on another device). Once every friend has come, the
   links are forgotten. */
"use strict";

(() => {
  const { el, append, clear, toast } = Civ;
  const key = (gameId) => `civtable.invites.${gameId}`;
  let drawn = null;  // what the box shows now: it is drawn again only when that changes

  /** Keep the links of the game just created (`data`: the creation's answer). */
  function keep(data) {
    const links = data.seats.filter((s) => s.url).map((s) => ({ seat: s.seat, name: s.name || null, own: Boolean(s.token),
      url: new URL(s.url, location.origin).href }));
    if (links.some((s) => !s.own)) localStorage.setItem(key(data.id), JSON.stringify(links));
  }

  function stored(gameId) {
    try { return JSON.parse(localStorage.getItem(key(gameId)) || "null"); } catch (err) { return null; }
  }

  function row(link, label, note) {
    const input = el("input", { readonly: true, value: link.url, "aria-label": label, title: note });
    const copy = el("button", { type: "button", class: "secondary small", onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(link.url); } catch (err) { document.execCommand("copy"); }
      toast("link copied", "info");
    } }, "Copy");
    return el("div", { class: `invite${link.own ? " own" : ""}` }, el("span", { class: "seat-label" }, Civ.swatch(link.seat), label), input, copy);
  }

  /** The box of the game's invitations (#invites-box) for this position of the table. */
  function show(payload) {
    const box = document.getElementById("invites-box");
    if (!box) return;
    const links = stored(payload.id);
    const free = new Set((payload.seats || []).filter((s) => s.player === "human" && !s.held).map((s) => s.seat));
    const friends = (links || []).filter((s) => !s.own && free.has(s.seat));
    const mine = (links || []).find((s) => s.own && s.seat === payload.seat);
    if (links && (payload.finished || !friends.length)) localStorage.removeItem(key(payload.id));
    const now = !payload.finished && mine && friends.length ? friends.map((s) => s.seat).join(",") : "";
    if (now === drawn) return;
    drawn = now;
    clear(box).classList.toggle("hidden", !now);
    if (!now) return;
    append(box, [el("h2", {}, "Invite your friends"),
      el("p", { class: "small", id: "invites-note" },
        "Send each friend their own invitation: it works once, and whoever opens it first takes that seat."),
      friends.map((s) => row(s, `Invitation for ${s.name || `Player ${s.seat + 1}`}`,
        "an invitation works once: the first to open it takes the seat")),
      el("details", { class: "small" }, el("summary", {}, "Your own link"),
        row(mine, "Your own seat's link", "your own seat: keep this link to yourself"),
        el("p", { class: "muted small own-link-note" },
          "Your own link: keep it to yourself. It opens your seat on another device; whoever has it plays as you."))]);
  }

  Civ.invites = { keep, show };
})();
