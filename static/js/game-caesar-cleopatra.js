// Caesar & Cleopatra: choosing a move by clicking, and stepping through the
// events of new moves. Only the server's legal moves (game data "legal") are
// offered, and every move waits for a confirmation before it is sent through
// the site's move path (moves are final). The board itself is server-rendered
// (templates/games/board/caesar_cleopatra*.html): this script only marks what
// can be chosen and builds the move.

import {
  actionPanel, askConfirmation, bindHand, el, handButtons, makeChoosable, moveSender,
  revealAboveDock,
} from "./board-common.js";

const GROUPS = ["senators", "praetors", "quaestors", "aediles", "censors"];
const STEP_MS = 900;

function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

function byType(legal) {
  const kinds = {};
  for (const move of legal) (kinds[move.type] = kinds[move.type] || []).push(move);
  return kinds;
}

export function setupMoves(ctx, hooks) {
  const { t } = ctx;
  let legal = [];
  let kinds = {};
  let version = -1;
  let sel = null; // the choice under way: {kind: ...}
  const panel = actionPanel();
  const sender = moveSender(ctx, hooks, panel);
  const showPanel = panel.show;
  const choosable = makeChoosable;
  const data = () => ctx.data || {};
  // What an action card ("C-scout") does, in words ("" for another card).
  const actionWhat = (card) => {
    const kind = String(card || "").split("-")[1];
    return kind && kind !== "veto" ? t(`what_${kind}`) : "";
  };
  const label = (card) => {
    const words = data().cardLabels || {};
    if (!card) return "?";
    if (card.includes("-")) return words[card.split("-")[1]] || card;
    return card.endsWith("P") ? (words.P || card) : card.slice(1);
  };
  const groupLabel = (group) => (data().groupLabels || {})[group] || group;
  const groupNode = (group) => document.querySelector(`.cc-group[data-group="${group}"]`);

  // ``keepChosen``: the setup's chosen cards stay shown at their groups (while it is sent).
  function clearMarks(keepChosen = false) {
    for (const group of document.querySelectorAll(".cc-group")) {
      group.classList.remove("choosable", "selected");
      group.removeAttribute("tabindex");
      group.removeAttribute("role");
      group.onclick = null;
      group.onkeydown = null;
      const box = group.querySelector(".cc-group-choices");
      if (box && !keepChosen) { box.replaceChildren(); box.hidden = true; }
    }
    for (const node of document.querySelectorAll(".cc-card.choosable")) node.classList.remove("choosable");
  }

  function setHand(usable, onClick, pressed = () => false) {
    bindHand((card, index) => !sender.sending && usable(card, index), onClick, pressed);
  }

  function confirmMove(question, move, hint = "") {
    clearMarks();
    setHand(() => false, () => {});
    askConfirmation(panel, t, question, {
      confirm: () => send(move), cancel: () => { sel = null; idle(); }, hint, named: true,
    });
  }

  // -- the decision owed now ----------------------------------------------------------
  function idle() {
    clearMarks();
    const spyButtons = [...document.querySelectorAll(".spy-card")];
    for (const button of spyButtons) { button.disabled = true; button.onclick = null; }
    if (!legal.length || sender.sending) {
      setHand(() => false, () => {});
      panel.hide(sender.sending);
      return;
    }
    if (kinds.setup) return setupChoice();
    if (kinds.veto || kinds.no_veto) return vetoChoice();
    if (kinds.spy) return spyChoice(spyButtons);
    if (kinds.castle) return castleChoice();
    if (sel && sel.kind === "pass") return passChoice();
    if (sel && sel.kind === "card") return cardChosen(sel.card);
    turnChoice();
  }

  // Placing, action cards, passing, drawing: the ordinary turn.
  function turnChoice() {
    const playable = (card) => legal.some((m) => (m.type === "place" || m.type === "action") && m.card === card);
    setHand(playable, (card) => { sel = { kind: "card", card }; idle(); });
    const buttons = [];
    if (kinds.pass) {
      const empty = kinds.pass.find((m) => m.discard.length === 0);
      buttons.push({
        label: t("pass"), name: "pass",
        action: empty ? () => confirmMove(t("confirm_pass", { list: "–" }), empty)
          : () => { sel = { kind: "pass", cards: [] }; idle(); },
      });
    }
    for (const move of kinds.draw || []) {
      buttons.push({
        label: t("draw_option", { influence: move.influence, action: move.action }), name: "draw",
        action: () => confirmMove(t("confirm_draw", {
          influence: t(move.influence === 1 ? "influence_one" : "influence_other", { n: move.influence }),
          action: t(move.action === 1 ? "action_one" : "action_other", { n: move.action }),
        }), move),
      });
    }
    let message = t("pick");
    if (kinds.draw && !kinds.place) message = kinds.action ? `${t("draw_pick")} ${t("action_now")}?` : t("draw_pick");
    else if (data().step === "second") message = t("pick_second");
    else if (!kinds.pass && kinds.place) message = t("pick_place");
    else if (kinds.pass && !kinds.place && !kinds.action) message = t("pick_none");
    showPanel(message, buttons);
  }

  function cardChosen(card) {
    const places = legal.filter((m) => m.type === "place" && m.card === card);
    const actions = legal.filter((m) => m.type === "action" && m.card === card);
    if (!places.length && !actions.length) { sel = null; return idle(); }
    setHand((c) => legal.some((m) => (m.type === "place" || m.type === "action") && m.card === c),
      (c) => { sel = c === card ? null : { kind: "card", card: c }; idle(); }, (c) => c === card);
    const back = { label: t("cancel_choice"), action: () => { sel = null; idle(); }, name: "back" };
    if (actions.length) return actionTargets(card, actions, back);
    const byGroup = new Map();
    for (const move of places) {
      if (!byGroup.has(move.group)) byGroup.set(move.group, []);
      byGroup.get(move.group).push(move);
    }
    for (const [group, moves] of byGroup) {
      const node = groupNode(group);
      if (!node) continue;
      const box = node.querySelector(".cc-group-choices");
      for (const move of moves) {
        const face = move.face === "up" ? t("face_up") : t("face_down");
        const button = el("button", { type: "button", class: "btn btn-small", "data-face": move.face }, face);
        button.addEventListener("click", (event) => { event.stopPropagation(); confirmPlace(move); });
        box.append(button);
      }
      box.hidden = false;
      node.classList.add("choosable");
    }
    const onlyUp = places.every((move) => move.face === "up");
    showPanel(t(onlyUp ? "pick_group_up" : "pick_group", { card: label(card) }), [back]);
    const first = [...byGroup.keys()].map(groupNode).find(Boolean);
    if (first) revealAboveDock(first.querySelector(".cc-group-choices"));
  }

  function confirmPlace(move) {
    const values = { card: label(move.card), group: groupLabel(move.group) };
    const question = move.face === "up" && data().step !== "second"
      ? t("confirm_first_up", values)
      : t("confirm_place", { ...values, face: move.face === "up" ? t("face_up") : t("face_down") });
    confirmMove(question, move);
    const node = groupNode(move.group);
    if (node) node.classList.add("selected");
  }

  function targetText(move) {
    if (move.target) return t("target_card", { target: label(move.target), group: groupLabel(move.group) });
    if (move.groups) return t("target_groups", { first: groupLabel(move.groups[0]), second: groupLabel(move.groups[1]) });
    if (move.group) return t("target_group", { group: groupLabel(move.group) });
    return t("target_spy");
  }

  function actionTargets(card, actions, back) {
    const confirmAction = (move) => confirmMove(
      t("confirm_action", { card: label(card), target: targetText(move) }), move);
    if (actions.length === 1 && !actions[0].group && !actions[0].groups) {
      return confirmAction(actions[0]);
    }
    for (const move of actions) {
      if (move.target) {
        const chip = document.querySelector(
          `.cc-group[data-group="${move.group}"] .cc-side [data-name="${move.target}"]:not(.choosable)`);
        if (chip) choosable(chip, () => confirmAction(move));
      } else if (move.group) {
        const node = groupNode(move.group);
        if (node) choosable(node, () => confirmAction(move));
      }
    }
    showPanel(t("action_targets", { card: label(card) }), [
      ...actions.map((move) => ({ label: targetText(move), action: () => confirmAction(move), name: "target" })),
      back,
    ], actionWhat(card));
  }

  // Passing: the cards to discard, as one of the legal passes.
  function passChoice() {
    const chosen = sel.cards; // hand button indexes
    const hand = handButtons().map((b) => b.dataset.card);
    const cards = chosen.map((i) => hand[i]);
    setHand(() => true, (card, index) => {
      sel.cards = chosen.includes(index) ? chosen.filter((i) => i !== index) : [...chosen, index];
      idle();
    }, (card, index) => chosen.includes(index));
    const move = (kinds.pass || []).find((m) => sameCards(m.discard, cards));
    showPanel(t("pass_pick"), [
      { label: t("pass_send", { n: cards.length }), style: "btn-primary", disabled: !move, name: "pass-send",
        action: () => confirmMove(t("confirm_pass", { list: cards.map(label).join(", ") }), move) },
      { label: t("cancel_choice"), action: () => { sel = null; idle(); }, name: "back" },
    ]);
  }

  // -- the out-of-turn and in-turn decisions ----------------------------------------------
  function vetoChoice() {
    setHand(() => false, () => {});
    const action = (data().pending || {}).action || {};
    const card = label(action.card);
    const buttons = [];
    if (kinds.veto) {
      buttons.push({ label: t("veto"), style: "btn-danger", name: "veto",
        action: () => confirmMove(t("confirm_veto", { card }), kinds.veto[0]) });
    }
    buttons.push({ label: t("no_veto"), name: "no_veto",
      action: () => confirmMove(t("confirm_no_veto", { card }), kinds.no_veto[0]) });
    const what = [actionWhat(action.card), kinds.veto ? "" : t("no_veto_held")];
    showPanel(t("veto_question", { card }), buttons, what.filter(Boolean).join(" "));
  }

  function spyChoice(spyButtons) {
    setHand(() => false, () => {});
    const pick = (move) => confirmMove(t("confirm_spy", { card: label(move.card) }), move);
    for (const button of spyButtons) {
      const move = kinds.spy.find((m) => m.card === button.dataset.spy);
      button.disabled = !move;
      button.onclick = move ? () => pick(move) : null;
    }
    const distinct = [...new Map(kinds.spy.map((m) => [m.card, m])).values()];
    showPanel(t("spy_pick"), distinct.map((move) => ({ label: label(move.card), action: () => pick(move), name: "spy" })));
  }

  function castleChoice() {
    setHand(() => false, () => {});
    const first = kinds.castle[0];
    const groups = GROUPS.filter((g) => g in first.cards);
    if (!sel || sel.kind !== "castle") {
      sel = { kind: "castle", cards: groups.flatMap((g) => first.cards[g].map((card) => ({ card, group: g }))) };
    }
    const split = Object.fromEntries(groups.map((g) => [g, sel.cards.filter((c) => c.group === g).map((c) => c.card)]));
    const move = kinds.castle.find((m) => groups.every((g) => sameCards(m.cards[g], split[g])));
    for (const g of groups) {
      const node = groupNode(g);
      if (node) node.classList.add("selected");
    }
    const list = groups.map((g) => `${groupLabel(g)}: ${split[g].map(label).join(", ") || "–"}`).join("; ");
    showPanel(t("castle_pick"), [
      ...sel.cards.map((entry, index) => ({
        label: `${label(entry.card)} → ${groupLabel(entry.group)}`, name: "castle-card",
        action: () => {
          const other = groups.find((g) => g !== entry.group);
          sel.cards = sel.cards.map((c, i) => (i === index ? { ...c, group: other } : c));
          idle();
        },
      })),
      { label: t("castle_send"), style: "btn-primary", disabled: !move, name: "castle-send",
        action: () => confirmMove(t("confirm_castle", { list }), move) },
    ], move ? list : t("not_legal"));
  }

  function setupChoice() {
    if (!sel || sel.kind !== "setup") sel = { kind: "setup", assign: {}, card: null };
    const hand = handButtons().map((b) => b.dataset.card);
    const used = new Set(Object.values(sel.assign).map((a) => a.index));
    setHand((card, index) => !used.has(index), (card, index) => {
      sel.card = sel.card === index ? null : index;
      idle();
    }, (card, index) => sel.card === index || used.has(index));
    for (const group of GROUPS) {
      const node = groupNode(group);
      if (!node) continue;
      const box = node.querySelector(".cc-group-choices");
      if (sel.assign[group]) {
        const value = hand[sel.assign[group].index].slice(1);
        const chosen = el("span", { class: `cc-card cc-${data().viewer} is-value is-down is-chosen` });
        chosen.append(el("span", { class: "cc-pip", "aria-hidden": "true" }, value),
          el("span", { class: "cc-value" }, value));
        box.append(chosen);
        box.hidden = false;
      }
      if (sel.card !== null) {
        choosable(node, () => {
          const card = hand[sel.card];
          // A group takes one card; the card it had goes back to the hand.
          sel.assign[group] = { index: sel.card, card };
          sel.card = null;
          idle();
        });
      }
    }
    const cards = Object.fromEntries(Object.entries(sel.assign).map(([g, a]) => [g, a.card]));
    const move = Object.keys(cards).length === GROUPS.length
      && kinds.setup.find((m) => GROUPS.every((g) => m.cards[g] === cards[g]));
    const reset = { label: t("setup_reset"), name: "reset", action: () => { sel = null; idle(); } };
    if (move && sel.card === null) {
      // All five placed: the one confirmation step, the cards still shown at their groups
      // (another card of the hand can still take a group's place before confirming).
      const list = GROUPS.map((g) => `${groupLabel(g)} ${label(cards[g])}`).join(", ");
      showPanel(t("setup_done", { list }), [
        { label: t("confirm"), style: "btn-primary", name: "confirm", action: () => send(move) },
        reset,
      ], t("final"));
      const confirmButton = panel.box()?.querySelector("[data-choice=confirm]");
      if (confirmButton) confirmButton.focus({ preventScroll: true });
      return;
    }
    showPanel(sel.card !== null ? t("setup_group", { card: label(hand[sel.card]) }) : t("setup_pick"), [reset]);
  }

  // -- sending -----------------------------------------------------------------
  function send(move) {
    const setup = move.type === "setup";
    return sender.send(move, {
      start() {
        // A setup's choices are kept: its cards stay shown until the new board comes
        // (and are there again should the move be refused).
        if (!setup) sel = null;
        clearMarks(setup);
        setHand(() => false, () => {});
      },
      stale() {
        panel.notice = t("stale");
        showPanel(t("stale"), [], "", "error");
      },
      failed(message) {
        panel.notice = message;
        idle();
      },
    });
  }

  return {
    // Called after every swap of the live fragment: new DOM, new legal moves.
    refresh() {
      sender.sending = false;
      const now = data().version;
      if (now !== version) sel = null;
      version = now;
      legal = data().legal || [];
      kinds = byType(legal);
      idle();
    },
  };
}

// The events of new moves, one after the other, before the new position is
// swapped in: each event's sentence (from the server's log) as the caption,
// the group it concerns marked on the board.
export async function animateRecords(svg, records, captionFor, ui) {
  const wait = (ms) => (ui.skipped() ? Promise.resolve() : new Promise((resolve) => {
    const started = performance.now();
    const tick = () => (ui.skipped() || performance.now() - started >= ms * (ui.speed || 1)
      ? resolve() : requestAnimationFrame(tick));
    requestAnimationFrame(tick);
  }));
  for (const record of records) {
    const events = record.events || [];
    for (let index = 0; index < events.length; index += 1) {
      if (ui.skipped()) return;
      const event = events[index];
      if (event.type === "turn") continue;
      const groups = [event.group, ...(Array.isArray(event.groups) ? event.groups : Object.keys(event.groups || {}))]
        .filter((g) => GROUPS.includes(g));
      const marked = groups.map((g) => document.querySelector(`.cc-group[data-group="${g}"]`)).filter(Boolean);
      for (const node of marked) node.classList.add("anim-focus");
      ui.caption(captionFor(record.version, index) || "");
      await wait(STEP_MS);
      for (const node of marked) node.classList.remove("anim-focus");
    }
  }
}
