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
      // through the CSSOM: the page's Content-Security-Policy refuses inline style attributes
      else if (key === "style") node.style.cssText = String(value);
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
      // a game's own Knowledge (Dominations' colours) is named in words: its dot alone said nothing
      const named = RES_NAMES[key] ? null : (term(`colour:${key}`) || {}).name;
      const chip = el("span", { class: `res ${key}` + (named ? ` c-${key}` : ""), dataset: { term: named ? `colour:${key}` : `resource:${key}` },
        "aria-label": RES_NAMES[key] || named || key }, named ? `${value} ${named}` : String(value));
      if (opts.delta && opts.delta[key]) chip.append(el("span", { class: "delta" }, ` +${opts.delta[key]}`));
      if (opts.short && opts.short[key]) chip.classList.add("short");
      out.append(chip);
    }
    if (!any) out.append(el("span", { class: "muted" }, opts.empty || "nothing"));
    return out;
  }

  let toastTimer = null;
  /** A message at the bottom of the screen for 5 seconds (errors red, `kind` "info" dark). It
      never covers the guide (nor any element of class "toast-avoid"): on a phone the guide is
      docked at the bottom of the screen and the message shows above it; elsewhere it moves above
      (or below) the guide whenever the page scrolls the guide under it. */
  function toast(message, kind) {
    let node = document.getElementById("toast");
    if (!node) {
      node = el("div", { id: "toast", class: "toast hidden", role: "alert" });
      document.body.append(node);
      const again = () => { if (!node.classList.contains("hidden")) placeToast(node); };
      window.addEventListener("scroll", again, { passive: true });
      window.addEventListener("resize", again);
      if (window.ResizeObserver) {  // the guide grows or shrinks with its words
        const watcher = new ResizeObserver(again);
        const observe = () => { for (const n of document.querySelectorAll("#guide, .toast-avoid")) watcher.observe(n); };
        observe();
        node._observe = observe;
      }
    }
    node.textContent = message;
    node.className = "toast" + (kind === "info" ? " info" : "");
    if (node._observe) node._observe();
    placeToast(node);
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => node.classList.add("hidden"), 5000);
  }
  /** Put the message at the bottom of the screen, or just above (else below) a panel it would cover. */
  function placeToast(node) {
    node.style.top = "";
    node.style.bottom = "";
    const gap = 8;
    for (let pass = 0; pass < 3; pass++) {
      const t = node.getBoundingClientRect();
      const hit = [...document.querySelectorAll("#guide, .toast-avoid")].map((n) => n.getBoundingClientRect())
        .find((r) => r.width && r.height && r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top);
      if (!hit) return;
      if (hit.top - gap - t.height >= 0) { node.style.top = ""; node.style.bottom = `${Math.round(window.innerHeight - hit.top + gap)}px`; }
      else if (hit.bottom + gap + t.height <= window.innerHeight) { node.style.bottom = "auto"; node.style.top = `${Math.round(hit.bottom + gap)}px`; }
      else return;  // a panel as tall as the screen: nowhere else to go
    }
  }

  /** "trade_routes" -> "Trade Routes"; only at word starts after a space or underscore, so
      "newton's" stays "Newton's"; small joining words stay lower case inside a name. */
  const SMALL_WORDS = new Set(["of", "the", "and", "to", "in", "on", "at", "for", "a", "an"]);
  function titleCase(id) {
    const words = String(id).replace(/[_-]+/g, " ").trim().split(/\s+/);
    return words.map((w, i) => (i > 0 && SMALL_WORDS.has(w.toLowerCase()) ? w.toLowerCase()
      : w.charAt(0).toUpperCase() + w.slice(1))).join(" ");
  }

  /** A mode id as people read it: "mission1" -> "Mission 1". */
  function modeName(mode) {
    return titleCase(String(mode || "").replace(/([a-z])(\d)/g, "$1 $2"));
  }

  /** Seat colours, the same everywhere (panels, log, map): the Conquest map's palette. */
  const SEAT_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf",
    "#e377c2", "#8c564b", "#bcbd22", "#7f7f7f", "#000080", "#008080"];
  function seatColour(seat) { return SEAT_COLOURS[((seat || 0) % SEAT_COLOURS.length + SEAT_COLOURS.length) % SEAT_COLOURS.length]; }

  /** A seat's name for people: its display name, else "Player N" (1-based), with the bot's kind. */
  function playerName(payload, seat) {
    if (seat === null || seat === undefined || seat < 0) return "Chance";
    const s = (payload.seats || [])[seat];
    const raw = s && s.name ? String(s.name) : "";
    return /^(Seat|Player) \d+$/.test(raw) || !raw ? `Player ${seat + 1}` : raw;
  }
  const LEVELS = ["beginner", "casual", "strong", "expert"];
  /** "Expert bot, warlord style" for "expert:style=warlord"; a plain bot keeps its name ("greedy bot"). */
  function botWords(spec) {
    const [name, params] = String(spec).split(":");
    const style = /(?:^|,)style=([a-z0-9_-]+)/.exec(params || "");
    return `${LEVELS.includes(name) ? titleCase(name) : name} bot` + (style ? `, ${style[1].replace(/_/g, " ")} style` : "");
  }
  function seatName(payload, seat) {
    if (seat === null || seat === undefined || seat < 0) return "Chance";
    const s = (payload.seats || [])[seat];
    const who = s && s.player !== "human" ? ` (${s.bot_label || botWords(s.player)})` : "";
    return playerName(payload, seat) + who;
  }
  /** A coloured chip naming a seat (CSSOM colours are allowed by the pages' CSP; style attributes are not). */
  function swatch(seat) {
    const node = el("span", { class: "swatch", "aria-hidden": "true" });
    node.style.backgroundColor = seatColour(seat);
    return node;
  }
  function seatChip(payload, seat, extra) {
    return el("span", { class: "who", dataset: { seat } }, swatch(seat), seatName(payload, seat), extra || "");
  }
  /** Mark a node with the seat's colour (left border). */
  function tint(node, seat) { node.style.borderLeftColor = seatColour(seat); node.classList.add("tinted"); return node; }

  // ----- glossary tooltips: any element with data-term="<kind:id>" explains itself -------------
  const glossary = { terms: {}, rules: null, css: null, extra: null };
  async function loadGlossary(gameId) {
    const res = await api("GET", `/api/games/${encodeURIComponent(gameId)}/glossary`);
    if (res.ok) { glossary.terms = res.data.terms || {}; glossary.rules = res.data.rules; glossary.css = res.data.css || null; }
    return glossary;
  }
  function term(id) { return glossary.terms[id] || null; }

  let tip = null;
  let tipFor = null;
  function tipNode() {
    if (!tip) {
      tip = el("div", { id: "term-tip", class: "term-tip hidden", role: "tooltip" });
      document.body.append(tip);
    }
    return tip;
  }
  /** The tip of an element: its glossary entry (data-term) and, for an element that acts
      (data-action), what that action does (the game's describe_action, via Civ.table). */
  function showTip(target) {
    const id = target.dataset.term;
    const entry = id ? term(id) : null;
    const act = target.dataset.action && Civ.table ? Civ.table.describe(target.dataset.action) : null;
    if (!entry && !act) return;
    tipFor = target;
    const node = clear(tipNode());
    if (entry) {
      node.append(el("div", { class: "tip-head" }, el("strong", {}, entry.name), el("span", { class: "muted small" }, ` · ${entry.kind}`)),
        el("div", { class: "tip-text" }, entry.text));
      if (entry.cost && Object.keys(entry.cost).length) {
        node.append(el("div", { class: "resline" }, el("span", { class: "label" }, "Printed cost"), resources(entry.cost)));
      }
      const extra = glossary.extra ? glossary.extra(id, target) : null;
      if (extra) node.append(extra);
      if (entry.unlocks && entry.unlocks.length) node.append(el("div", { class: "small" }, "Opens: " + entry.unlocks.join(", ")));
    }
    if (act) node.append(el("div", { class: "tip-action" }, el("strong", {}, act.title), " — ", act.text));
    node.classList.remove("hidden");
    const r = target.getBoundingClientRect();
    const width = Math.min(340, window.innerWidth - 16);
    node.style.maxWidth = `${width}px`;
    let left = Math.min(Math.max(8, r.left + window.scrollX), window.scrollX + window.innerWidth - width - 8);
    let top = r.bottom + window.scrollY + 6;
    node.style.left = `${Math.round(left)}px`;
    node.style.top = `${Math.round(top)}px`;
    const h = node.getBoundingClientRect().height;
    if (r.bottom + 6 + h > window.innerHeight && r.top - h - 6 > 0) node.style.top = `${Math.round(r.top + window.scrollY - h - 6)}px`;
  }
  function hideTip() { if (tip) tip.classList.add("hidden"); tipFor = null; }
  // a tip is placed for the layout it was opened in: a new window size (a phone turned) closes it
  window.addEventListener("resize", hideTip);
  let lastPointer = "mouse";
  document.addEventListener("pointerdown", (ev) => { lastPointer = ev.pointerType || "mouse"; }, true);
  document.addEventListener("mouseover", (ev) => {
    if (lastPointer === "touch") return;
    const target = ev.target instanceof Element ? ev.target.closest("[data-term], [data-action]") : null;
    if (target && target !== tipFor) showTip(target);
    else if (!target && tipFor) hideTip();
  });
  document.addEventListener("click", (ev) => {
    const target = ev.target instanceof Element ? ev.target.closest("[data-term]") : null;
    if (lastPointer === "touch" && target) { if (tipFor === target) hideTip(); else showTip(target); return; }
    if (!target && tipFor && !(ev.target instanceof Element && ev.target.closest("#term-tip"))) hideTip();
  });
  document.addEventListener("keydown", (ev) => { if (ev.key === "Escape") hideTip(); });
  document.addEventListener("focusin", (ev) => {
    const target = ev.target instanceof Element ? ev.target.closest("[data-term], [data-action]") : null;
    if (target) showTip(target);
  });

  /** "1 time", "2 times", "no times": a count with its word for people (`plural` defaults to word + "s"). */
  function count(n, word, plural) {
    const many = plural || `${word}s`;
    if (!n) return `no ${many}`;
    return `${n} ${n === 1 ? word : many}`;
  }

  /** Renderers by game name: {render(board, payload, ctx)}; "generic" is the fallback. */
  const renderers = {};

  return { api, seats, saveSeat, forgetSeat, tokenFor, el, append, clear, resources, toast, titleCase, seatName,
           playerName, seatChip, seatColour, swatch, tint, modeName, SEAT_COLOURS, glossary, loadGlossary, term,
           showTip, hideTip, renderers, RESOURCES, RES_NAMES, count };
})();
