/* Accounts in the top bar of a page: sign in or register; once signed in, this browser's seats are
   added to the account and every seat of the account is stored here (as a device token), so the
   lobby's "My games" lists all of them in any browser. Needs common.js. */
"use strict";

(() => {
  const { api, el, clear, seats } = Civ;
  const STORE_KEY = "civtable.seats";

  function bar() {
    let box = document.getElementById("account");
    if (!box) {
      box = el("span", { id: "account", class: "row small" });
      const top = document.querySelector(".topbar") || document.body;
      top.append(box);
    }
    return box;
  }

  /** Replace this browser's device tokens by `fresh` ({id, seat, token, game}); seat tokens from
      invitation links stay as they are. */
  function storeDeviceSeats(fresh) {
    const all = seats();
    for (const key of Object.keys(all)) if (all[key].device) delete all[key];
    for (const s of fresh) {
      const key = `${s.id}/${s.seat}`;
      if (!all[key]) all[key] = { id: s.id, seat: s.seat, token: s.token, game: s.game, added: Date.now(), device: true };
    }
    localStorage.setItem(STORE_KEY, JSON.stringify(all));
  }

  function dropDeviceSeats() {
    const all = seats();
    for (const key of Object.keys(all)) if (all[key].device) delete all[key];
    localStorage.setItem(STORE_KEY, JSON.stringify(all));
  }

  async function syncSeats() {
    const tokens = Object.values(seats()).filter((s) => !s.device).map((s) => s.token);
    const res = await api("POST", "/api/account/seats", { tokens });
    if (res.ok) storeDeviceSeats(res.data.seats);
  }

  /** Tell the page who is signed in (null: nobody); remembered in `CivAccount.name` for a page
      script that starts listening only after the first answer came (`CivAccount.known`). */
  function announce(name) {
    window.CivAccount.known = true;
    window.CivAccount.name = name;
    document.dispatchEvent(new CustomEvent("civtable:account", { detail: name }));
  }

  function showSignedIn(name) {
    const box = clear(bar());
    const out = el("button", { class: "small secondary", type: "button", onclick: async () => {
      await api("POST", "/api/account/signout");
      dropDeviceSeats();
      showSignedOut();
    } }, "Sign out");
    const sessions = el("button", { class: "small linkish", type: "button", id: "sessions-toggle",
      onclick: () => showSessions(box) }, "Sessions");
    box.append(el("span", {}, `Signed in as ${name}`), el("a", { href: "/leaderboard" }, "Ratings"),
               el("a", { href: "/account", id: "account-link" }, "Account"), sessions, out);
    announce(name);
  }

  /** The account's signed-in browsers, each with a button that signs it out. */
  async function showSessions(box) {
    const old = document.getElementById("sessions");
    if (old) { old.remove(); return; }
    const res = await api("GET", "/api/account/sessions");
    if (!res.ok) return;
    const when = (t) => (t ? new Date(t * 1000).toLocaleString([], { dateStyle: "short", timeStyle: "short" }) : "?");
    const list = el("ul", { id: "sessions", class: "sessions small" }, res.data.sessions.map((s) => el("li", {},
      `${s.current ? "this browser" : (s.agent || "a browser").slice(0, 60)} · since ${when(s.created)} · last seen ${when(s.last_seen)} `,
      el("button", { type: "button", class: "small secondary", dataset: { session: s.id }, onclick: async () => {
        const done = await api("DELETE", `/api/account/sessions/${encodeURIComponent(s.id)}`);
        if (done.ok && s.current) { dropDeviceSeats(); showSignedOut(); return; }
        list.remove();
        showSessions(box);
      } }, s.current ? "Sign out" : "End"))));
    box.append(list);
  }

  function showSignedOut(message) {
    const box = clear(bar());
    const name = el("input", { name: "name", placeholder: "name", autocomplete: "username", size: 10, maxlength: 24 });
    const password = el("input", { name: "password", type: "password", placeholder: "password",
                                    autocomplete: "current-password", size: 10, maxlength: 128 });
    const note = el("span", { class: "muted", id: "account-note", role: "status" }, message || "");
    announce(null);
    async function send(path) {
      const res = await api("POST", path, { name: name.value, password: password.value });
      if (!res.ok) { note.textContent = res.data.error || "That did not work."; return; }
      await syncSeats();
      showSignedIn(res.data.name);
    }
    // a form: Enter in either box signs in, and browsers offer to remember the password
    const form = el("form", { id: "signin-form", class: "row" }, name, password,
      el("button", { class: "small", type: "submit" }, "Sign in"),
      el("button", { class: "small secondary", type: "button", onclick: () => send("/api/account/register") }, "Register"));
    form.addEventListener("submit", (ev) => { ev.preventDefault(); send("/api/account/signin"); });
    box.append(el("a", { href: "/leaderboard" }, "Ratings"), form,
               el("a", { href: "/account", id: "forgot-link" }, "Forgot password?"), note);
  }

  async function start() {
    const res = await api("GET", "/api/account");
    if (!res.ok || res.data.accounts === false) return;  // no accounts on this server: nothing to show
    if (res.data.signed_in) {
      showSignedIn(res.data.name);
      await syncSeats();
    } else {
      showSignedOut();
    }
  }

  /** Show who is signed in now (after the account page reset the password or deleted the
      account): signed in, the account's seats are fetched; signed out, its device seats go. */
  async function refresh() {
    const res = await api("GET", "/api/account");
    if (!res.ok || res.data.accounts === false) return;
    if (res.data.signed_in) {
      showSignedIn(res.data.name);
      await syncSeats();
    } else {
      dropDeviceSeats();
      showSignedOut();
    }
  }
  window.CivAccount = { refresh, known: false, name: null };

  start();
})();
