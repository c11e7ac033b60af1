// Strijd om het Kasteel's board script, loaded by game.js (the catalogue entry's
// js_module). setupMoves: choosing a move by clicks — a card, then a piece, then
// the dice or a number card; the doubles decision; the setup placements; a
// discard — offering only the server's legal moves, each confirmed before it is
// sent. animateRecords: every walk step by step from the engine's events.

import {
  actionPanel, bindHand, confirmButtons, el, makeChoosable, moveSender,
} from "./board-common.js";
import { attachZoom } from "./kasteel-zoom.js";

const SVG = "http://www.w3.org/2000/svg";
const STEP_MS = 170;
const PAUSE_MS = 420;

export function setupMoves(ctx, hooks) {
  const { t } = ctx;
  let legal = [];
  let selection = null; // {card} or {card, piece}
  const panel = actionPanel();
  const sender = moveSender(ctx, hooks, panel);
  const showPanel = panel.show;
  const choosable = makeChoosable;
  const pieceLabel = (name) => (ctx.data.pieces || {})[name] || name;
  const cardLabel = (name) => (ctx.data.cards || {})[name] || name;

  function clearMarks() {
    for (const node of document.querySelectorAll("svg.kasteel-board .k-piece")) {
      node.classList.remove("choosable", "selected");
      node.removeAttribute("tabindex");
      node.setAttribute("role", "img");
      node.onclick = null;
      node.onkeydown = null;
    }
    for (const button of document.querySelectorAll(".hand-card")) {
      button.setAttribute("aria-pressed", String(!!selection && selection.card === button.dataset.card));
    }
  }

  // The question, then Confirm and Cancel, then the hint that moves are final.
  function confirmMove(question, move) {
    clearMarks();
    showPanel(question, confirmButtons(t, () => send(move), () => { selection = null; idle(); }),
      "", "confirm-question");
    const box = panel.box();
    if (box) box.append(el("p", { class: "hint" }, t("final")));
  }

  // -- the choices ---------------------------------------------------------------
  function idle() {
    clearMarks();
    enableHand();
    if (!legal.length || sender.sending) {
      panel.hide(sender.sending);
      return;
    }
    const places = legal.filter((m) => m.type === "place");
    const dice = legal.filter((m) => m.type === "dice");
    if (places.length) {
      showPanel(t("pick_place"), places.map((m) => ({
        label: pieceLabel(m.piece), name: m.piece, style: "btn-piece",
        action: () => confirmMove(t("confirm_place", { piece: pieceLabel(m.piece) }), m),
      })), t("place_why"));
      return;
    }
    if (dice.length) {
      const pending = ctx.data.pending || { dice: [0, 0], piece: "" };
      const die = pending.dice[0];
      const piece = pieceLabel(pending.piece);
      showPanel(t("doubles", { die, piece }), dice.map((m) => m.choice === "total"
        ? { label: t("total", { total: die * 2 }), name: "total", style: "btn-primary",
          action: () => confirmMove(t("confirm_total", { piece, total: die * 2 }), m) }
        : { label: t("one", { die }), name: "one",
          action: () => confirmMove(t("confirm_one", { piece, die }), m) }));
      return;
    }
    if (legal.some((m) => m.type === "discard")) {
      const why = t(ctx.data.first_round ? "confirm_discard_first" : "confirm_discard");
      showPanel(why, [{ label: t("discard"), style: "btn-primary", name: "discard",
        action: () => confirmMove(why, { type: "discard" }) }]);
      return;
    }
    if (selection && selection.piece) {
      numberChoice(selection.card, selection.piece);
    } else if (selection) {
      cardChosen(selection.card);
    } else {
      showPanel(t("pick_card"));
    }
  }

  function cardChosen(card) {
    selection = { card };
    clearMarks();
    const pieces = [...new Set(legal.filter((m) => m.type === "move" && m.card === card)
      .map((m) => m.piece))];
    for (const piece of pieces) {
      const node = document.querySelector(`svg.kasteel-board .k-piece[data-piece="${piece}"]`);
      if (node) choosable(node, () => pieceChosen(card, piece));
    }
    showPanel(t("pick_piece", { card: cardLabel(card) }), [
      ...pieces.map((piece) => ({ label: pieceLabel(piece), name: piece, style: "btn-piece",
        action: () => pieceChosen(card, piece) })),
      { label: t("back"), action: () => { selection = null; idle(); } },
    ]);
  }

  function pieceChosen(card, piece) {
    selection = { card, piece };
    numberChoice(card, piece);
  }

  function numberChoice(card, piece) {
    clearMarks();
    const node = document.querySelector(`svg.kasteel-board .k-piece[data-piece="${piece}"]`);
    if (node) node.classList.add("selected");
    const options = legal.filter((m) => m.type === "move" && m.card === card && m.piece === piece);
    const names = { card: cardLabel(card), piece: pieceLabel(piece) };
    const roll = options.find((m) => !m.number);
    const numbers = options.filter((m) => m.number);
    const withNumber = (m) => confirmMove(t("confirm_number", {
      ...names, number: cardLabel(m.number), steps: m.number.split("/")[0] }), m);
    if (!numbers.length && roll) {
      confirmMove(t("confirm_roll", names), roll);
      return;
    }
    for (const button of document.querySelectorAll(".hand-card")) {
      const m = numbers.find((x) => x.number === button.dataset.card);
      if (m) {
        button.disabled = false;
        button.onclick = () => withNumber(m);
      }
    }
    showPanel(t("pick_number", names), [
      ...(roll ? [{ label: t("roll"), style: "btn-primary", name: "roll",
        action: () => confirmMove(t("confirm_roll", names), roll) }] : []),
      ...numbers.map((m) => ({ label: t("number", { number: cardLabel(m.number) }),
        name: m.number, action: () => withNumber(m) })),
      { label: t("back"), action: () => cardChosen(card) },
    ]);
  }

  // -- sending -----------------------------------------------------------------
  function send(move) {
    return sender.send(move, {
      start() { selection = null; clearMarks(); },
      stale() { panel.notice = t("stale"); showPanel(t("stale"), [], "", "error"); },
      failed: (message) => showPanel(message, [{ label: t("cancel"), action: idle }], "", "error"),
    });
  }

  function enableHand() {
    const cards = new Set(legal.filter((m) => m.type === "move").map((m) => m.card));
    bindHand((card) => cards.has(card) && !sender.sending, (card) => {
      if (selection && selection.card === card) { selection = null; idle(); } else { cardChosen(card); }
    });
  }

  return {
    // Called after every swap of the live fragment: new DOM, new legal moves.
    refresh() {
      sender.sending = false;
      legal = (ctx.data && ctx.data.legal) || [];
      if (selection && !legal.some((m) => m.type === "move" && m.card === selection.card
          && (!selection.piece || m.piece === selection.piece))) selection = null;
      attachZoom(document.getElementById("k-wrap"), t, { mine: ctx.data && ctx.data.viewer != null });
      idle();
    },
  };
}

// -- the animation --------------------------------------------------------------

function point(svg, selector) {
  const node = svg.querySelector(selector);
  return node ? { x: Number(node.dataset.x), y: Number(node.dataset.y), node } : null;
}

// Where a piece stands on a square: just inside the ring (the line's front).
function squarePoint(svg, square) {
  const found = point(svg, `.k-square[data-square="${square}"]`);
  if (!found) return null;
  const centre = Number(svg.dataset.centre);
  const radius = Number(svg.dataset.radius);
  const k = (radius - 27) / radius;
  return { x: centre + (found.x - centre) * k, y: centre + (found.y - centre) * k, node: found.node };
}

function castlePoint(svg, piece, place) {
  return point(svg, `.k-castle-place[data-seat="${piece.split(":")[0]}"][data-place="${place}"]`);
}

export async function animateRecords(svg, records, captionFor, ui) {
  if (!svg) return;
  const fast = () => ui.skipped();
  const scale = ui.speed || 1; // the player's animation speed: 1 at "normal"

  function wait(ms) {
    if (fast()) return Promise.resolve();
    return new Promise((resolve) => setTimeout(resolve, ms * scale));
  }

  function pieceNode(name) {
    return svg.querySelector(`.k-piece[data-piece="${name}"]`);
  }

  async function moveTo(node, spot, ms = STEP_MS) {
    if (!node || !spot) return;
    node.style.transitionDuration = `${Math.round(ms * scale)}ms`;
    node.style.transform = `translate(${spot.x}px, ${spot.y}px)`;
    await wait(ms);
  }

  async function flash(node) {
    if (!node) return;
    node.classList.add("k-anim-flash");
    await wait(PAUSE_MS);
    node.classList.remove("k-anim-flash");
  }

  function svgNode(tag, attrs, text = "") {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    node.textContent = text;
    return node;
  }

  function showDice(dice) {
    const group = svg.querySelector(".k-dice");
    if (!group || !dice) return;
    group.replaceChildren();
    dice.forEach((value, i) => {
      const x = i ? 4 : -42;
      group.append(svgNode("rect", { class: "k-die", x, y: -20, width: 38, height: 38, rx: 7 }));
      group.append(svgNode("text", { class: "k-die-num", x: x + 19, y: 0, dy: 8 }, String(value)));
    });
  }

  for (const record of records) {
    const events = record.events || [];
    for (let index = 0; index < events.length; index += 1) {
      if (fast()) return;
      const event = events[index];
      ui.caption(captionFor(record.version, index) || "");
      const node = event.piece ? pieceNode(event.piece) : null;
      switch (event.type) {
        case "roll":
        case "dice":
          showDice(event.dice);
          await wait(PAUSE_MS);
          break;
        case "enter":
          await moveTo(node, squarePoint(svg, event.square), PAUSE_MS);
          break;
        case "walk":
          for (const step of event.path || []) {
            const spot = "castle" in step ? castlePoint(svg, event.piece, step.castle)
              : squarePoint(svg, step.square);
            await moveTo(node, spot);
          }
          await wait(PAUSE_MS / 2);
          break;
        case "sent_home":
          await moveTo(node, point(svg,
            `.k-home-slot[data-seat="${event.piece.split(":")[0]}"][data-index="${event.home}"]`), PAUSE_MS);
          break;
        case "blocked":
          await flash(svg.querySelector(`.k-square[data-square="${event.square}"]`));
          break;
        case "castle": {
          const spot = castlePoint(svg, event.piece, event.place);
          await moveTo(node, spot, 0);
          await flash(spot && spot.node);
          break;
        }
        default:
          await wait(PAUSE_MS);
      }
    }
  }
}
