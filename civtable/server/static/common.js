/* Shared helpers for the civtable pages: API calls, seat tokens kept in localStorage, DOM building. */
"use strict";

const Civ = (() => {
  const STORE_KEY = "civtable.seats";

  /** Call the JSON API. Resolves to {ok, status, data}; never throws for HTTP errors. */
  async function api(method, path, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(path, init);
    } catch (err) {
      return { ok: false, status: 0, data: { error: "the server cannot be reached" } };
    }
    let data = null;
    try { data = await res.json(); } catch (err) { data = { error: res.statusText }; }
    return { ok: res.ok, status: res.status, data };
  }

  /** Seats this browser holds: {"gameId/seat": {id, seat, token, game, added}} (several seats of
      one game can share a browser, e.g. people taking turns at one screen). */
  function seats() {
    try { return JSON.parse(localStorage.getItem(STORE_KEY) || "{}") || {}; } catch (err) { return {}; }
  }
  function saveSeat(gameId, seat, token, game) {
    const all = seats();
    all[`${gameId}/${seat}`] = { id: gameId, seat, token, game, added: Date.now() };
    localStorage.setItem(STORE_KEY, JSON.stringify(all));
  }
  function forgetSeat(gameId, seat) {
    const all = seats();
    for (const key of Object.keys(all)) {
      if (all[key].id === gameId && (seat === undefined || seat === null || all[key].seat === seat)) delete all[key];
    }
    localStorage.setItem(STORE_KEY, JSON.stringify(all));
  }
  /** The token of `seat` in this game, or of the seat stored last when `seat` is not given. */
  function tokenFor(gameId, seat) {
    const mine = Object.values(seats()).filter((s) => s.id === gameId && (seat === undefined || seat === null || s.seat === seat));
    mine.sort((a, b) => b.added - a.added);
    return mine.length ? mine[0].token : null;
  }

  /** el("div", {class: "x", onclick: f}, child, "text", ...) */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
      else if (key === "class") node.className = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (value === true) node.setAttribute(key, "");
      else node.setAttribute(key, String(value));
    }
    append(node, children);
    return node;
  }
  function append(node, children) {
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

  const RESOURCES = ["food", "wood", "stone", "iron", "gold"];
  const RES_NAMES = { food: "Food", wood: "Wood", stone: "Stone", iron: "Iron", gold: "Gold" };

  /** Resource chips for an object like {"food": 2, "gold": 1}; zeros omitted unless `all`. */
  function resources(obj, opts) {
    opts = opts || {};
    const out = el("span", { class: "reslist" });
    const keys = opts.all ? RESOURCES : Object.keys(obj || {});
    let any = false;
    for (const key of keys) {
      const value = (obj || {})[key] || 0;
      if (!opts.all && !value) continue;
      any = true;
      const chip = el("span", { class: `res ${key}`, title: RES_NAMES[key] || key }, String(value));
      if (opts.delta && opts.delta[key]) chip.append(el("span", { class: "delta" }, ` +${opts.delta[key]}`));
      if (opts.short && opts.short[key]) chip.classList.add("short");
      out.append(chip);
    }
    if (!any) out.append(el("span", { class: "muted" }, opts.empty || "nothing"));
    return out;
  }

  let toastTimer = null;
  function toast(message, kind) {
    let node = document.getElementById("toast");
    if (!node) {
      node = el("div", { id: "toast", class: "toast hidden", role: "alert" });
      document.body.append(node);
    }
    node.textContent = message;
    node.className = "toast" + (kind === "info" ? " info" : "");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => node.classList.add("hidden"), 5000);
  }

  function titleCase(id) {
    return String(id).replace(/[_-]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  }

  function seatName(payload, seat) {
    if (seat === null || seat === undefined) return "Chance";
    const s = (payload.seats || [])[seat];
    const name = s ? s.name : `Seat ${seat}`;
    const who = s && s.player !== "human" ? ` (${s.player})` : "";
    return name + who;
  }

  /** Renderers by game name: {render(board, payload, ctx)}; "generic" is the fallback. */
  const renderers = {};

  return { api, seats, saveSeat, forgetSeat, tokenFor, el, append, clear, resources, toast, titleCase, seatName,
           renderers, RESOURCES, RES_NAMES };
})();
