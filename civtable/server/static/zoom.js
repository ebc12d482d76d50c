/* Zoom for the part of a game's table that a small screen shrinks to fit (Dominations' land):
   + / − / Fit buttons above it, two fingers pinching it, Ctrl + the mouse wheel (a trackpad's
   pinch); once zoomed in, dragging it (finger or mouse) moves it inside its frame, and a drag is
   never taken for a click on the place where it started or ended.

   A renderer marks the element with data-zoom="<name>" (an SVG or any element that fits its
   width); Civ.zoom.watch(board) wraps every such element that appears in the board in a frame
   with the controls. The zoom of a name is kept while the page is open: the board is drawn again
   on every position, and the new drawing opens at the same scale, on the same part of the land.
   After every change of scale or place the element receives a "zoomchange" event (detail.s: the
   scale), for what must follow what is shown (Dominations' rulers keep to the frame's edges).

   An element that a phone's screen would shrink below a readable size says so with
   data-zoom-readable="<CSS px>": the width at which it reads well. On a phone (at most 600 px
   wide), until the person zooms (+, −, Fit, a pinch, a drag), it opens at the scale that gives it
   that width (the frame keeps the screen's width: it is dragged to see the rest, the page never
   scrolls sideways); Fit shows all of it. A wider screen — a tablet's, a laptop's — opens it
   whole. */
"use strict";

(() => {
  const { el } = Civ;
  const MAX = 4;          // four times the fitted size at most
  const STEP = 1.5;       // one press of + or −
  const SLOP = { mouse: 5, pen: 6, touch: 10 };  // how far a press may move and still be a click (CSS px)
  const kept = new Map();  // name -> { s: scale, cx, cy: the point of the element at the frame's centre (0..1) }

  const state = (name) => kept.get(name) || { s: 1, cx: 0.5, cy: 0.5 };

  /** The scale `content` opens at while the person has not zoomed it: on a phone's screen, the one
      that draws it at its readable width (data-zoom-readable) when the frame shows it narrower;
      else 1. A tablet's or a laptop's screen, wider than a phone's (style.css's 600 px), always
      opens it whole: there it is read without zooming, and a part of it hidden at the opening
      would be missed. */
  const PHONE = "(max-width: 600px)";
  function opening(frame, content) {
    if (!window.matchMedia(PHONE).matches) return 1;
    const readable = Number(content.dataset.zoomReadable);
    const m = metrics(frame, content);
    if (!readable || !m.w) return 1;
    const s = Math.min(MAX, Math.round(100 * readable / m.w) / 100);
    return s > 1.05 ? s : 1;
  }
  const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

  /** The frame's size, and where the element lies in it without its transform (its layout box). */
  function metrics(frame, content) {
    const f = frame.getBoundingClientRect();
    const r = content.getBoundingClientRect();
    const z = content._zoom || { s: 1, x: 0, y: 0 };
    return { fw: f.width, fh: f.height, ox: r.left - f.left - z.x, oy: r.top - f.top - z.y, w: r.width / z.s, h: r.height / z.s };
  }

  /** The frame's height at scale `s`: the element's, growing with it up to 60% of the screen's
      height. False when the element is not laid out. */
  function fit(frame, content, s) {
    const m = metrics(frame, content);
    if (!m.w || !m.h) return false;
    frame.style.height = s > 1 ? `${Math.round(Math.min(m.h * s, Math.max(m.h, window.innerHeight * 0.6)))}px` : "";
    return true;
  }

  /** Show `content` at its name's zoom: the frame grows with it (up to 60% of the screen's
      height), the element is moved so that the kept point is at the frame's centre, never leaving
      an empty band where the element could fill the frame. */
  function apply(frame, content) {
    const name = content.dataset.zoom;
    const was = kept.get(name);
    if (!was || was.opened) {  // not zoomed by the person: the opening scale for this drawing and this screen
      const s = opening(frame, content);
      if (s > 1) kept.set(name, { s, cx: was ? was.cx : 0.5, cy: was ? was.cy : 0.5, opened: true });
      else kept.delete(name);
    }
    const z = state(name);
    if (!fit(frame, content, z.s)) return;  // not laid out (a folded panel): shown when it is
    const m = metrics(frame, content);
    const axis = (size, frameSize, origin, centre) => {
      const scaled = size * z.s;
      if (scaled <= frameSize + 0.5) return (frameSize - scaled) / 2 - origin;  // smaller than the frame: centred
      return clamp(frameSize / 2 - origin - scaled * centre, frameSize - origin - scaled, -origin);
    };
    const x = z.s === 1 ? 0 : axis(m.w, m.fw, m.ox, z.cx);
    const y = z.s === 1 ? 0 : axis(m.h, m.fh, m.oy, z.cy);
    // the point really shown at the centre, once the edges held the element back
    if (z.s > 1) kept.set(name, { s: z.s, cx: (m.fw / 2 - m.ox - x) / (m.w * z.s), cy: (m.fh / 2 - m.oy - y) / (m.h * z.s), opened: z.opened });
    content._zoom = { s: z.s, x, y };
    content.style.transformOrigin = "0 0";
    content.style.transform = z.s === 1 ? "" : `translate(${x}px, ${y}px) scale(${z.s})`;
    const box = frame.parentElement;
    frame.classList.toggle("zoomed", z.s > 1);
    box.classList.toggle("zoomed", z.s > 1);
    box.querySelector(".zoom-level").textContent = `${Math.round(z.s * 100)}%`;
    box.querySelector(".zoom-out").disabled = z.s <= 1;
    box.querySelector(".zoom-fit").disabled = z.s <= 1;
    box.querySelector(".zoom-in").disabled = z.s >= MAX;
    content.dispatchEvent(new CustomEvent("zoomchange", { detail: { s: z.s } }));  // e.g. the land's rulers follow
  }

  /** Zoom to scale `s` keeping the point under (fx, fy) of the frame (CSS px) where it is. */
  function zoomAt(frame, content, s, fx, fy) {
    const name = content.dataset.zoom;
    const z = content._zoom || { s: 1, x: 0, y: 0 };
    const next = clamp(s, 1, MAX);
    if (!fit(frame, content, next)) return;  // the frame's new height first: (fx, fy) stays put
    const m = metrics(frame, content);
    const px = (fx - m.ox - z.x) / z.s, py = (fy - m.oy - z.y) / z.s;  // the element's own point under (fx, fy)
    const x = fx - m.ox - next * px, y = fy - m.oy - next * py;
    kept.set(name, next === 1 ? { s: 1, cx: 0.5, cy: 0.5 }
      : { s: next, cx: (m.fw / 2 - m.ox - x) / (m.w * next), cy: (m.fh / 2 - m.oy - y) / (m.h * next) });
    apply(frame, content);
  }

  /** Move the zoomed element by (dx, dy) CSS px. */
  function pan(frame, content, dx, dy) {
    const z = state(content.dataset.zoom);
    const m = metrics(frame, content);
    if (z.s <= 1 || !m.w) return;
    kept.set(content.dataset.zoom, { s: z.s, cx: z.cx - dx / (m.w * z.s), cy: z.cy - dy / (m.h * z.s) });
    apply(frame, content);
  }

  /** The frame and its controls round `content`, with the gestures. */
  function wrap(content) {
    const name = content.dataset.zoom;
    const frame = el("div", { class: "zoom-frame" });
    const centre = () => { const f = frame.getBoundingClientRect(); return [f.width / 2, f.height / 2]; };
    const by = (k) => () => { const [fx, fy] = centre(); zoomAt(frame, content, state(name).s * k, fx, fy); };
    const bar = el("div", { class: "zoom-bar", role: "group", "aria-label": `Zoom ${content.getAttribute("aria-label") || name}` },
      el("button", { type: "button", class: "small secondary zoom-out", title: "Zoom out", "aria-label": "Zoom out", onclick: by(1 / STEP) }, "−"),
      el("span", { class: "zoom-level small", "aria-live": "polite" }, "100%"),
      el("button", { type: "button", class: "small secondary zoom-in", title: "Zoom in (or pinch, or Ctrl + wheel)", "aria-label": "Zoom in", onclick: by(STEP) }, "+"),
      el("button", { type: "button", class: "small secondary zoom-fit", title: "Fit the whole of it on the screen", onclick: () => {
        kept.set(name, { s: 1, cx: 0.5, cy: 0.5 }); apply(frame, content);
      } }, "Fit"),
      el("span", { class: "zoom-hint small muted" }, "Zoomed in: drag to move"));
    const box = el("div", { class: "zoom-box" }, bar);
    content.replaceWith(box);
    frame.append(content);
    box.append(frame);

    // ----- gestures: one pointer drags (once zoomed), two pinch; a press that moved is no click ---
    const down = new Map();  // pointerId -> {x, y} (client px)
    let drag = null, pinch = null, quietUntil = 0;
    const local = (ev) => { const f = frame.getBoundingClientRect(); return [ev.clientX - f.left, ev.clientY - f.top]; };
    frame.addEventListener("pointerdown", (ev) => {
      if (ev.pointerType === "mouse" && ev.button !== 0) return;
      down.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
      if (down.size === 1) drag = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, moving: false, slop: SLOP[ev.pointerType] || 6 };
      if (down.size === 2) {
        const [a, b] = [...down.values()];
        const f = frame.getBoundingClientRect();
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, s: state(name).s, fx: (a.x + b.x) / 2 - f.left, fy: (a.y + b.y) / 2 - f.top };
        drag = null;
      }
    });
    frame.addEventListener("pointermove", (ev) => {
      const p = down.get(ev.pointerId);
      if (!p) return;
      const dx = ev.clientX - p.x, dy = ev.clientY - p.y;
      p.x = ev.clientX; p.y = ev.clientY;
      if (pinch && down.size >= 2) {
        const [a, b] = [...down.values()];
        const f = frame.getBoundingClientRect();
        const s = pinch.s * Math.hypot(a.x - b.x, a.y - b.y) / pinch.d;
        zoomAt(frame, content, s, pinch.fx, pinch.fy);
        // the fingers' midpoint moving moves the land with it
        const mx = (a.x + b.x) / 2 - f.left, my = (a.y + b.y) / 2 - f.top;
        pan(frame, content, mx - pinch.fx, my - pinch.fy);
        pinch.fx = mx; pinch.fy = my;
        quietUntil = Infinity;
        return;
      }
      if (!drag || drag.id !== ev.pointerId || state(name).s <= 1) return;
      if (!drag.moving && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < drag.slop) return;
      if (!drag.moving) {
        drag.moving = true;
        quietUntil = Infinity;
        frame.classList.add("dragging");
        try { frame.setPointerCapture(ev.pointerId); } catch (err) { /* the pointer is gone already */ }
        pan(frame, content, ev.clientX - drag.x, ev.clientY - drag.y);
        return;
      }
      pan(frame, content, dx, dy);
    });
    const up = (ev) => {
      if (!down.delete(ev.pointerId)) return;
      if (down.size < 2) pinch = null;
      if (!down.size) {
        drag = null;
        frame.classList.remove("dragging");
        if (quietUntil === Infinity) quietUntil = performance.now() + 400;  // the click that ends a drag or a pinch
      }
    };
    frame.addEventListener("pointerup", up);
    frame.addEventListener("pointercancel", up);
    frame.addEventListener("click", (ev) => {
      if (performance.now() < quietUntil) { ev.stopPropagation(); ev.preventDefault(); }
      quietUntil = 0;
    }, true);
    frame.addEventListener("wheel", (ev) => {  // Ctrl + wheel, and a trackpad's pinch, zoom; the plain wheel scrolls the page
      if (!ev.ctrlKey) return;
      ev.preventDefault();
      const [fx, fy] = local(ev);
      zoomAt(frame, content, state(name).s * Math.exp(-ev.deltaY / 300), fx, fy);
    }, { passive: false });
    apply(frame, content);
  }

  /** Wrap the zoomable elements under `node` that are not yet in a frame. */
  function attach(node) {
    const found = node.matches && node.matches("[data-zoom]") ? [node] : [...(node.querySelectorAll ? node.querySelectorAll("[data-zoom]") : [])];
    for (const content of found) {
      if (content.parentElement && content.parentElement.classList.contains("zoom-frame")) continue;
      wrap(content);
    }
  }

  /** Keep the zoom on every zoomable element drawn in `board`, now and after each redrawing. */
  function watch(board) {
    if (!board || board._zoomWatched) return;
    board._zoomWatched = true;
    attach(board);
    new MutationObserver((changes) => {
      for (const c of changes) for (const n of c.addedNodes) if (n.nodeType === 1) attach(n);
    }).observe(board, { childList: true, subtree: true });
  }

  /** Bring `node` (inside a zoomed element) into its frame's view, e.g. the guide's suggestion. */
  function show(node) {
    const frame = node && node.closest && node.closest(".zoom-frame");
    const content = frame && frame.querySelector("[data-zoom]");
    if (!content || state(content.dataset.zoom).s <= 1) return;
    const f = frame.getBoundingClientRect(), r = node.getBoundingClientRect();
    if (r.left >= f.left && r.right <= f.right && r.top >= f.top && r.bottom <= f.bottom) return;
    pan(frame, content, f.left + f.width / 2 - (r.left + r.width / 2), f.top + f.height / 2 - (r.top + r.height / 2));
  }

  window.addEventListener("resize", () => {
    for (const frame of document.querySelectorAll(".zoom-frame")) {
      const content = frame.querySelector("[data-zoom]");
      if (content) apply(frame, content);
    }
  });

  Civ.zoom = { watch, attach, show, MAX };
})();
