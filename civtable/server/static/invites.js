/* The invitations of a new game, at its table, for its creator: the friends' links (asked of the
   server, so they are there in any browser of the creator's seat), each with a Copy button, while
   their seats are free, and the creator's own link (to open the seat on another device). Once
   every friend has come, the box is gone. Nobody else's page asks for them (the server answers
   only the creator's seat). */
"use strict";

(() => {
  const { api, el, append, clear, toast } = Civ;
  let drawn = null;  // the free seats the box was drawn for: it is drawn again only when they change

  function row(link, label, note, own) {
    const input = el("input", { readonly: true, value: link.url, "aria-label": label, title: note });
    const copy = el("button", { type: "button", class: "secondary small", onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(link.url); } catch (err) { document.execCommand("copy"); }
      toast("link copied", "info");
    } }, "Copy");
    return el("div", { class: `invite${own ? " own" : ""}` }, el("span", { class: "seat-label" }, Civ.swatch(link.seat), label), input, copy);
  }

  /** The box of the game's invitations (#invites-box) for this position of the table. */
  async function show(payload) {
    const box = document.getElementById("invites-box");
    if (!box) return;
    localStorage.removeItem(`civtable.invites.${payload.id}`);  // where earlier versions kept them
    const token = payload.seat === null || payload.seat === undefined ? null : Civ.tokenFor(payload.id, payload.seat);
    const creator = token !== null && payload.seat === (payload.table || {}).creator;
    const free = (payload.seats || []).filter((s) => s.player === "human" && !s.held).map((s) => s.seat);
    const over = payload.finished || !["waiting", "active"].includes(payload.status);
    const now = creator && !over && free.length ? free.join(",") : "";
    if (now === drawn) return;
    drawn = now;
    if (!now) { clear(box).classList.add("hidden"); return; }
    const res = await api("POST", `/api/games/${encodeURIComponent(payload.id)}/invitations`, { token });
    if (drawn !== now) return;  // the table changed while asking
    const friends = res.ok ? res.data.invitations.filter((s) => free.includes(s.seat))
      .map((s) => ({ ...s, url: new URL(s.url, location.origin).href })) : [];
    clear(box).classList.toggle("hidden", !friends.length);
    if (!friends.length) return;
    const mine = { seat: payload.seat, url: new URL(`/play/${encodeURIComponent(payload.id)}#token=${encodeURIComponent(token)}`, location.origin).href };
    append(box, [el("h2", {}, "Invite your friends"),
      el("p", { class: "small", id: "invites-note" },
        "Send each friend their own invitation: it works once, and whoever opens it first takes that seat."),
      friends.map((s) => row(s, `Invitation for ${s.name || `Player ${s.seat + 1}`}`,
        "an invitation works once: the first to open it takes the seat")),
      el("details", { class: "small" }, el("summary", {}, "Your own link"),
        row(mine, "Your own seat's link", "your own seat: keep this link to yourself", true),
        el("p", { class: "muted small own-link-note" },
          "Your own link: keep it to yourself. It opens your seat on another device; whoever has it plays as you."))]);
  }

  Civ.invites = { show };
})();
