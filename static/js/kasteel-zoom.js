// Zoom and pan for Strijd om het Kasteel's ring (a 12-seat ring is 2,500 units
// wide: on a phone its pieces would be dots). The SVG stays square and only its
// viewBox changes, so the pieces' coordinates, the clicks on them and the
// animations are untouched. The view survives the live swaps of the board: it
// is kept here, not in the (replaced) DOM.
//
// Buttons (zoom in, zoom out, centre on my seat, whole board), the wheel over the
// board (from any view; it never scrolls the page meanwhile), a drag or a two-finger
// pinch, and the keys + - 0 C and the arrows on the focused board.
//
// The square and castle numbers are shown only while they are big enough to read
// (MIN_NUMBER_PX on screen): on the whole ring of a phone they would be specks.

import { el } from "./board-common.js";

const MAX_SCALE = 2.4; // screen pixels per unit, zoomed in the most
const BIG = 6; // more seats: the ring opens on the viewer's seat and its neighbours
const FOCUS_SCALE = 0.75; // "centre on my seat" shows at least this scale
const STEP = 1.5;

const MAX_ASPECT = 2.2; // the widest view: the bottom seat's arc is wide, not tall
const SEAT_SQUARES = 18;
const LINES = 150; // how far the lines of pieces reach into the ring
const MIN_NUMBER_PX = 10; // the smallest number shown, in screen pixels

let saved = null; // {cx, cy, w, a} of the last board, kept across swaps
let savedKey = "";

export function attachZoom(wrap, t, { mine }) {
  const svg = wrap && wrap.querySelector("svg.kasteel-board");
  if (!svg || wrap.previousElementSibling?.classList.contains("k-zoom")) return;
  const size = svg.viewBox.baseVal.width;
  const n = svg.querySelectorAll(".k-seat").length;
  const bottom = Number(svg.dataset.bottom || 0);
  const key = `${svg.id}:${n}:${bottom}`;
  let view = key === savedKey && saved ? { ...saved } : null;
  const wholeView = () => ({ cx: size / 2, cy: size / 2, w: size, a: 1 });

  // The board's width on screen for a view of aspect ``a``: the column's width, or
  // less so that the board's height fits the window under the status line.
  const room = () => Math.max(wrap.parentElement.clientWidth, 200);
  const fitPx = (a) => Math.min(room(), Math.max(window.innerHeight - 232, 240) * a);
  const px = () => svg.getBoundingClientRect().width || fitPx(view ? view.a : 1);
  const minW = () => Math.min(size, px() / MAX_SCALE);
  const zoomedIn = () => view.w < size - 0.5;

  function clamp(v) {
    const w = Math.max(minW(), Math.min(size, v.w));
    const a = Math.max(1, Math.min(v.a || 1, MAX_ASPECT));
    const h = w / a;
    return { w, a, cx: Math.max(w / 2, Math.min(size - w / 2, v.cx)),
      cy: Math.max(h / 2, Math.min(size - h / 2, v.cy)) };
  }

  function apply(next) {
    const aspect = view ? view.a : 1;
    view = clamp(next);
    saved = { ...view };
    savedKey = key;
    const h = view.w / view.a;
    svg.setAttribute("viewBox", [view.cx - view.w / 2, view.cy - h / 2, view.w, h]
      .map((v) => Math.round(v * 10) / 10).join(" "));
    if (view.a !== aspect || !wrap.style.width) {
      svg.style.aspectRatio = String(view.a);
      wrap.style.width = `min(100%, calc((100vh - 14.5rem) * ${view.a.toFixed(3)}))`;
    }
    wrap.classList.toggle("k-zoomed-in", zoomedIn());
    showLegibleNumbers();
    out.disabled = !zoomedIn();
    whole.disabled = !zoomedIn();
    inside.disabled = view.w <= minW() + 0.5;
  }

  // The bottom seat (its castle, home row and label) and the ring a seat's width
  // either side of it (the neighbours' squares and the lines of pieces on them);
  // no smaller than FOCUS_SCALE allows (a phone): then the bottom seat's own part,
  // its castle at the foot.
  function focusView() {
    const squares = [...svg.querySelectorAll(".k-square")];
    const turn = Number(svg.dataset.turn || 0);
    const own = svg.querySelector(`.k-seat[data-seat="${bottom}"]`);
    const boxes = own ? [own.getBBox()] : [];
    for (const square of squares) {
      const d = Math.abs(Number(square.dataset.square) - turn) % squares.length;
      if (Math.min(d, squares.length - d) <= SEAT_SQUARES) {
        boxes.push({ x: Number(square.dataset.x), y: Number(square.dataset.y) - LINES,
          width: 0, height: LINES });
      }
    }
    if (!boxes.length) return wholeView();
    const left = Math.min(...boxes.map((b) => b.x)) - 20;
    const right = Math.max(...boxes.map((b) => b.x + b.width)) + 20;
    const top = Math.min(...boxes.map((b) => b.y)) - 20;
    const low = Math.max(...boxes.map((b) => b.y + b.height)) + 20;
    let a = Math.max(1, Math.min(MAX_ASPECT, (right - left) / (low - top)));
    let w = Math.max(right - left, (low - top) * a);
    if (w <= fitPx(a) / FOCUS_SCALE) return { cx: (left + right) / 2, cy: (top + low) / 2, w, a };
    a = Math.max(1, Math.min(MAX_ASPECT, fitPx(1) / FOCUS_SCALE / (low - top)));
    w = fitPx(a) / FOCUS_SCALE;
    const mine = boxes[0];
    return { cx: own ? mine.x + mine.width / 2 : size / 2, cy: low - w / a / 2, w, a };
  }

  // Hide the numbers while their size on screen is under MIN_NUMBER_PX (a little
  // margin for the viewBox's rounding). Reading the board's width lays it out anew.
  const number = svg.querySelector(".k-num, .k-castle-num");
  function showLegibleNumbers() {
    if (!number || !view) return;
    const units = parseFloat(getComputedStyle(number).fontSize) || 10;
    const scale = (svg.getBoundingClientRect().width || fitPx(view.a)) / view.w;
    wrap.classList.toggle("k-numbers-hidden", units * scale < MIN_NUMBER_PX + 0.05);
  }

  function zoomAt(factor, fx = view.cx, fy = view.cy) {
    const w = Math.max(minW(), Math.min(size, view.w / factor));
    const k = w / view.w;
    apply({ ...view, w, cx: fx + (view.cx - fx) * k, cy: fy + (view.cy - fy) * k });
  }

  function toUnits(clientX, clientY) {
    const box = svg.getBoundingClientRect();
    const k = view.w / box.width;
    return { x: view.cx - view.w / 2 + (clientX - box.left) * k,
      y: view.cy - view.w / view.a / 2 + (clientY - box.top) * k };
  }

  const button = (label, text, action, extra = {}) => {
    const b = el("button", { type: "button", class: "btn btn-small", "aria-label": label,
      title: label, ...extra }, text);
    b.addEventListener("click", action);
    return b;
  };
  const inside = button(t("zoom_in"), "+", () => zoomAt(STEP), { "data-zoom": "in" });
  const out = button(t("zoom_out"), "−", () => zoomAt(1 / STEP), { "data-zoom": "out" });
  const centreLabel = mine ? t("centre_mine") : t("centre_first");
  const centre = button(centreLabel, centreLabel, () => apply(focusView()), { "data-zoom": "mine" });
  const whole = button(t("whole_board"), t("whole_board"), () => apply(wholeView()),
    { "data-zoom": "whole" });
  const bar = el("div", { class: "k-zoom", role: "toolbar", "aria-label": t("zoom_bar") });
  bar.append(out, inside, centre, whole, el("span", { class: "k-zoom-hint muted" }, t("zoom_hint")));
  wrap.before(bar);

  // A small ring opens whole; a big one (more than six seats) on the viewer's seat.
  if (view) {
    const kept = view;
    view = null;
    apply(kept);
  } else {
    apply(n > BIG ? focusView() : wholeView());
  }

  // -- wheel, drag, pinch, keys -----------------------------------------------
  // The wheel zooms (Ctrl with it: a trackpad's pinch, finer steps); over the board
  // it never scrolls the page, even with nothing left to zoom.
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    const at = toUnits(event.clientX, event.clientY);
    const pixels = event.deltaY * (event.deltaMode === 1 ? 33 : event.deltaMode === 2 ? 400 : 1);
    zoomAt(Math.exp(-pixels * (event.ctrlKey ? 0.01 : 0.0025)), at.x, at.y);
  }, { passive: false });

  // The board's width follows the window: the numbers shown follow it.
  if (window.ResizeObserver) new ResizeObserver(showLegibleNumbers).observe(svg);

  const pointers = new Map();
  let dragged = false;
  let pinch = null;
  svg.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY, x0: event.clientX,
      y0: event.clientY });
    dragged = false;
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, w: view.w };
    }
  });
  svg.addEventListener("pointermove", (event) => {
    const p = pointers.get(event.pointerId);
    if (!p) return;
    const dx = event.clientX - p.x;
    const dy = event.clientY - p.y;
    p.x = event.clientX;
    p.y = event.clientY;
    if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mid = toUnits((a.x + b.x) / 2, (a.y + b.y) / 2);
      zoomAt(view.w / (pinch.w * pinch.d / d), mid.x, mid.y);
      dragged = true;
      return;
    }
    if (!zoomedIn()) return;
    if (!dragged && Math.hypot(event.clientX - p.x0, event.clientY - p.y0) < 6) return;
    if (!dragged) svg.setPointerCapture(event.pointerId);
    dragged = true;
    const k = view.w / px();
    apply({ ...view, cx: view.cx - dx * k, cy: view.cy - dy * k });
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
  };
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);
  // A drag ends in a click: it must not choose the piece under the pointer.
  svg.addEventListener("click", (event) => {
    if (dragged) {
      event.stopPropagation();
      event.preventDefault();
      dragged = false;
    }
  }, true);

  wrap.addEventListener("keydown", (event) => {
    if (event.target !== wrap) return;
    const pan = view.w * 0.15;
    const keys = {
      "+": () => zoomAt(STEP), "=": () => zoomAt(STEP), "-": () => zoomAt(1 / STEP),
      0: () => whole.click(), c: () => centre.click(),
      ArrowLeft: () => apply({ ...view, cx: view.cx - pan }),
      ArrowRight: () => apply({ ...view, cx: view.cx + pan }),
      ArrowUp: () => apply({ ...view, cy: view.cy - pan }),
      ArrowDown: () => apply({ ...view, cy: view.cy + pan }),
    };
    const action = keys[event.key];
    if (!action || (event.key.startsWith("Arrow") && !zoomedIn())) return;
    event.preventDefault();
    action();
  });
}
