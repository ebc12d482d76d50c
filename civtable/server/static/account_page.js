/* The account page (/account): change the password or delete the account once signed in; reset a
   forgotten password with a code from the server's operator when signed out. Needs common.js and
   account.js (the top bar, which announces who is signed in). */
"use strict";

(() => {
  const { api } = Civ;
  const $ = (id) => document.getElementById(id);

  function show(name) {
    $("account-intro").classList.toggle("hidden", Boolean(name));
    $("password-panel").classList.toggle("hidden", !name);
    $("delete-panel").classList.toggle("hidden", !name);
    $("reset-panel").classList.toggle("hidden", Boolean(name));
    const user = $("password-form").elements.username;
    user.value = name || "";
  }

  function done(text) {
    const box = $("account-done");
    box.textContent = text;
    box.classList.remove("hidden");
  }

  /** Send a form's boxes; on refusal say why (the server's plain words) next to its button. */
  async function send(form, note, path, body) {
    note.textContent = "";
    note.classList.remove("error");
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const res = await api("POST", path, body);
      if (!res.ok) {
        note.textContent = (res.data && res.data.error) || "That did not work; try again.";
        note.classList.add("error");
      }
      return res;
    } finally {
      button.disabled = false;
    }
  }

  $("password-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const form = ev.target;
    const res = await send(form, $("password-note"), "/api/account/password",
                           { current: form.elements.current.value, new: form.elements.new.value });
    if (res.ok) {
      form.reset();
      $("password-note").textContent = "Your password is changed. Your other browsers are signed out.";
    }
  });

  $("reset-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const form = ev.target;
    const res = await send(form, $("reset-note"), "/api/account/reset", { name: form.elements.name.value,
      code: form.elements.code.value, password: form.elements.password.value });
    if (res.ok) {
      form.reset();
      done(`Your password is changed and you are signed in as ${res.data.name}.`);
      if (window.CivAccount) await window.CivAccount.refresh();
    }
  });

  $("delete-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const form = ev.target;
    const note = $("delete-note");
    if (!form.elements.sure.checked) {
      note.textContent = "Tick the box to say you want to delete your account.";
      note.classList.add("error");
      return;
    }
    const res = await send(form, note, "/api/account/delete", { password: form.elements.password.value });
    if (res.ok) {
      form.reset();
      const left = res.data.left;
      done(`Your account is deleted.${left ? ` You left ${left} game${left === 1 ? "" : "s"} still being played.` : ""}`);
      if (window.CivAccount) await window.CivAccount.refresh();
    }
  });

  document.addEventListener("civtable:account", (ev) => show(ev.detail));
  // the top bar may have answered before this script ran (deferred scripts load in parallel)
  if (window.CivAccount && window.CivAccount.known) show(window.CivAccount.name);
})();
