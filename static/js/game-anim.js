// Step-by-step animation of new records on the current board, before the new
// position is swapped in: the played card, the bann ring, every dancing card
// in order, reveals, each measuring with its sign, conquests, druid moves.
// It only moves pictures around; the position shown afterwards comes from the
// server.

const SVG = "http://www.w3.org/2000/svg";
const MOVE_MS = 400;
const PAUSE_MS = 450;
const FRAME_MS = 17;
const CENTRE = { x: 345, y: 208 };

function svgEl(tag, attrs = {}, text = "") {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

function arrowNode(arrow) {
  const g = svgEl("g", { class: `arrow-icon arrow-${arrow}` });
  if (arrow === "R") g.setAttribute("transform", "scale(-1 1)");
  g.append(svgEl("path", { class: "arrow-arc", d: "M-7.8 4.5A9 9 0 1 1 7.8 4.5" }));
  g.append(svgEl("path", { class: "arrow-head", d: "M5.2 9.2L12 6.2L3.8 1.8z" }));
  return g;
}

// The same picture as templates/games/board/card.html, without the cult icon.
export function cardNode(name) {
  const cult = name[0] === "M" ? "moon" : "sun";
  const g = svgEl("g", { class: `card card-${cult}`, "data-card": name });
  g.append(svgEl("rect", { class: "card-face", width: 90, height: 126, rx: 8 }));
  g.append(svgEl("text", { class: "card-name", x: 8, y: 19 }, name));
  g.append(svgEl("text", { class: "card-value", x: 45, y: 84, "text-anchor": "middle" }, name[1]));
  const arrow = svgEl("g", { transform: "translate(37 108)" });
  arrow.append(arrowNode(name[2]));
  g.append(arrow);
  g.append(svgEl("text", { class: "card-arrow-letter", x: 53, y: 115 }, name[2]));
  return g;
}

function translation(node) {
  const list = node.transform && node.transform.baseVal;
  const matrix = list && list.numberOfItems ? list.consolidate().matrix : null;
  return matrix ? { x: matrix.e, y: matrix.f } : { x: 0, y: 0 };
}

export async function animateRecords(svg, records, captionFor, ui) {
  if (!svg) return;
  const layer = svg.querySelector(".anim-layer");
  const piles = new Map(); // position -> flying card nodes now lying there, bottom first
  const running = new Set();

  const slot = (pos) => svg.querySelector(`.slot[data-pos="${pos}"]`);
  const fast = () => ui.skipped();
  // The player's animation speed: 1 at "normal", less at "fast".
  const scale = ui.speed || 1;

  function cardSpot(pos) {
    const node = slot(pos);
    if (!node) return CENTRE;
    const origin = translation(node);
    const stack = node.querySelector(".stack");
    return { x: origin.x + 30, y: origin.y + (stack ? translation(stack).y : 0) };
  }

  function tileSpot(pos) {
    const node = slot(pos);
    if (!node) return CENTRE;
    const origin = translation(node);
    const tile = node.querySelector(".tile");
    return { x: origin.x + 114, y: origin.y + (tile ? translation(tile).y : 0) + 72 };
  }

  function handSpot(seat) {
    const bottom = svg.dataset.bottom === seat;
    return { x: CENTRE.x, y: bottom ? 560 : -140 };
  }

  function wait(ms) {
    // A pause shorter than a frame (a long move at "fast") is no pause: waiting
    // for the next frame would make each of a dozen steps last a frame or two.
    if (fast() || ms * scale < FRAME_MS) return Promise.resolve();
    return new Promise((resolve) => {
      const started = performance.now();
      const tick = () => {
        if (fast() || performance.now() - started >= ms * scale) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }

  async function glide(node, from, to) {
    node.setAttribute("transform", `translate(${to.x} ${to.y})`);
    if (fast() || !node.animate) return;
    const animation = node.animate([
      { transform: `translate(${from.x}px, ${from.y}px)` },
      { transform: `translate(${to.x}px, ${to.y}px)` },
    ], { duration: MOVE_MS * scale, easing: "ease-in-out" });
    running.add(animation);
    const stopper = setInterval(() => { if (fast()) animation.finish(); }, 50);
    try {
      await animation.finished;
    } catch {
      // cancelled: the end position is already set
    } finally {
      clearInterval(stopper);
      running.delete(animation);
    }
  }

  // Take the card ``name`` away from ``pos`` (a flying card lying there, or the
  // board's own top card) and return a node to fly with.
  function lift(name, pos) {
    const pile = piles.get(pos) || [];
    for (let i = pile.length - 1; i >= 0; i -= 1) {
      if (pile[i].dataset.card === name) return pile.splice(i, 1)[0];
    }
    const node = cardNode(name);
    node.setAttribute("transform", `translate(${cardSpot(pos).x} ${cardSpot(pos).y})`);
    const top = slot(pos) && slot(pos).querySelector(".top-card");
    if (top && !top.classList.contains("gone") && top.querySelector(`[data-card="${name}"]`)) {
      top.classList.add("gone");
    }
    layer.append(node);
    return node;
  }

  function land(node, pos) {
    if (!piles.has(pos)) piles.set(pos, []);
    piles.get(pos).push(node);
    layer.append(node); // on top of everything lying there
  }

  async function fly(name, from, to, fromPoint) {
    const node = from === "hand" ? cardNode(name) : lift(name, from);
    const start = from === "hand" ? fromPoint : cardSpot(from);
    if (from === "hand") layer.append(node);
    land(node, to);
    await glide(node, start, cardSpot(to));
  }

  function druidAt(pos, colour) {
    const node = slot(pos);
    return node && node.querySelector(`.druid[data-colour="${colour}"]`);
  }

  async function moveDruid(colour, from, to) {
    const druid = druidAt(from, colour);
    const copy = svgEl("g", { class: `druid druid-${colour}` });
    copy.append(svgEl("path", { class: "druid-body", d: "M-12 0L-6-31H6L12 0Z" }));
    copy.append(svgEl("circle", { class: "druid-head", cx: 0, cy: -37, r: 8 }));
    if (druid) druid.classList.add("gone");
    layer.append(copy);
    await glide(copy, from ? tileSpot(from) : CENTRE, tileSpot(to));
  }

  function mark(pos, ...classes) {
    const node = slot(pos);
    if (node) node.classList.add(...classes);
    return () => node && node.classList.remove(...classes);
  }

  async function step(event, seat) {
    switch (event.type) {
      case "place":
        await moveDruid(event.druid, null, event.position);
        break;
      case "waltz":
        await fly(event.card, "hand", event.position, handSpot(event.player || seat));
        break;
      case "ring": {
        const ring = svgEl("ellipse", { class: "bann-ring", cx: 0, cy: -16, rx: 18, ry: 7 });
        const holder = svgEl("g");
        holder.append(ring);
        layer.append(holder);
        await glide(holder, CENTRE, tileSpot(event.position));
        break;
      }
      case "dance":
      case "collect":
        await fly(event.card, event.from, event.to);
        break;
      case "withdraw":
        await fly(event.card, event.from, event.to, handSpot(event.player || seat));
        break;
      case "turn_up": {
        const node = cardNode(event.card);
        node.setAttribute("transform", `translate(${cardSpot(event.position).x} ${cardSpot(event.position).y})`);
        land(node, event.position);
        if (!fast() && node.animate) {
          await node.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 300 * scale }).finished.catch(() => {});
        }
        await wait(PAUSE_MS / 2);
        break;
      }
      case "measure": {
        const undo = [];
        for (const side of ["moon", "sun"]) {
          const info = event[side] || {};
          const outcome = event.winner === null ? "" : (event.winner === side ? "measure-won" : "measure-lost");
          undo.push(mark(info.position, "measuring", ...(outcome ? [outcome] : [])));
        }
        await wait(PAUSE_MS * 1.4);
        undo.forEach((f) => f());
        break;
      }
      case "sign": {
        const dots = slot(event.position) ? slot(event.position).querySelectorAll(".sign") : [];
        const dot = dots[Math.min(event.signs, dots.length) - 1];
        if (dot) dot.classList.add("sign-on", `sign-${event.player}`);
        await wait(PAUSE_MS);
        break;
      }
      case "flip": {
        mark(event.position, "flipped");
        const node = slot(event.position);
        if (node) node.querySelectorAll(".stack > *").forEach((n) => n.classList.add("gone"));
        for (const flying of piles.get(event.position) || []) flying.remove();
        piles.delete(event.position);
        if (event.druid) await moveDruid(event.druid.druid, event.druid.from, event.druid.to);
        await wait(PAUSE_MS);
        break;
      }
      case "leap":
        await moveDruid(event.druid, event.from, event.to);
        break;
      default:
        await wait(PAUSE_MS);
    }
  }

  for (const record of records) {
    const events = record.events || [];
    for (let i = 0; i < events.length; i += 1) {
      ui.caption(captionFor(record.version, i) || "");
      await step(events[i], record.seat);
      await wait(100);
    }
  }
  running.forEach((animation) => animation.finish());
}
