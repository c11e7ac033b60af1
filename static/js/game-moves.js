// Choosing a move by clicking: only the server's legal moves are offered, and
// every move waits for a confirmation before it is sent (moves are final).

import {
  actionPanel, askConfirmation, bindHand, makeChoosable, moveSender,
} from "./board-common.js";

const DRUIDS = ["purple", "orange", "black"];

// The legal moves, indexed the way the clicks ask for them.
function indexMoves(legal) {
  const index = {
    place: new Map(), waltz: new Map(), withdrawCard: new Set(), withdrawTree: new Set(),
    leap: new Set(), pass: false, count: legal.length,
  };
  for (const move of legal) {
    if (move.type === "place") {
      if (!index.place.has(move.druid)) index.place.set(move.druid, new Set());
      index.place.get(move.druid).add(move.tree);
    } else if (move.type === "waltz") {
      if (!index.waltz.has(move.card)) index.waltz.set(move.card, new Set());
      index.waltz.get(move.card).add(move.tree);
    } else if (move.type === "withdraw" && move.card) {
      index.withdrawCard.add(move.card);
    } else if (move.type === "withdraw") {
      index.withdrawTree.add(move.tree);
    } else if (move.type === "leap") {
      index.leap.add(move.druid);
    } else if (move.type === "pass") {
      index.pass = true;
    }
  }
  return index;
}

export function setupMoves(ctx, hooks) {
  const { t } = ctx;
  let moves = indexMoves([]);
  let selection = null; // {kind: "card", card} or {kind: "druid", colour}
  const panel = actionPanel(); // its notice: shown once above the next prompt
  const sender = moveSender(ctx, hooks, panel);
  const showPanel = panel.show;
  const originalLabels = new WeakMap();

  const mySlots = () => [...document.querySelectorAll(
    `svg.board .slot-tree[data-seat="${ctx.data.viewer}"]`)];
  const tree = (number) => (ctx.data.trees || []).find((x) => x.tree === number) || {};

  function clearMarks() {
    for (const slot of document.querySelectorAll("svg.board .slot")) {
      slot.classList.remove("choosable", "selected", "will-dance");
      if (slot.hasAttribute("tabindex")) {
        slot.removeAttribute("tabindex");
        slot.setAttribute("role", "img");
        if (originalLabels.has(slot)) slot.setAttribute("aria-label", originalLabels.get(slot));
      }
      slot.onclick = null;
      slot.onkeydown = null;
    }
    for (const button of document.querySelectorAll(".hand-card")) {
      button.setAttribute("aria-pressed", String(Boolean(selection && selection.card === button.dataset.card)));
    }
  }

  // Make a slot a button; ``extra`` is added to its spoken name.
  function choosable(slot, extra, action) {
    originalLabels.set(slot, originalLabels.get(slot) || slot.getAttribute("aria-label"));
    slot.setAttribute("aria-label", `${originalLabels.get(slot)}: ${extra}`);
    makeChoosable(slot, action);
  }

  function mySlot(number) {
    return document.querySelector(
      `svg.board .slot-tree[data-seat="${ctx.data.viewer}"][data-tree="${number}"]`);
  }

  // The last step before sending: the move in words, the trees it concerns marked.
  function confirmMove(question, move, hint = "", trees = []) {
    clearMarks();
    for (const number of trees) {
      const slot = mySlot(number);
      if (slot) slot.classList.add("selected");
    }
    askConfirmation(panel, t, question, {
      confirm: () => send(move), cancel: () => { selection = null; idle(); }, hint,
    });
  }

  // -- setup: a druid colour, then one of my empty trees ---------------------------------
  function setupChoices() {
    clearMarks();
    const colours = DRUIDS.filter((c) => moves.place.has(c));
    if (selection && selection.kind === "druid" && moves.place.has(selection.colour)) {
      const colour = selection.colour;
      for (const slot of mySlots()) {
        const number = Number(slot.dataset.tree);
        if (!moves.place.get(colour).has(number)) continue;
        choosable(slot, t("confirm_place", { colour: t(`adj_${colour}`), tree: number }), () =>
          confirmMove(t("confirm_place", { colour: t(`adj_${colour}`), tree: number }),
            { type: "place", druid: colour, tree: number }, "", [number]));
      }
    }
    const buttons = colours.map((colour) => ({
      label: t(colour),
      style: `btn-druid btn-druid-${colour}`,
      action: () => { selection = { kind: "druid", colour }; setupChoices(); },
    }));
    const message = selection && selection.kind === "druid"
      ? t("pick_place_tree", { colour: t(`adj_${selection.colour}`) })
      : t("pick_druid");
    showPanel(message, buttons);
  }

  // -- play: hand cards, trees, druids, pass -------------------------------------
  function idle() {
    clearMarks();
    if (!moves.count || sender.sending) {
      panel.hide(sender.sending);
      return;
    }
    if (moves.place.size) {
      setupChoices();
      return;
    }
    if (selection && selection.kind === "card") {
      cardChosen(selection.card);
      return;
    }
    for (const slot of mySlots()) {
      const number = Number(slot.dataset.tree);
      const options = treeOptions(number, slot);
      if (options.length) choosable(slot, options.map((o) => o.label).join("; "), () => treeChosen(number, slot));
    }
    if (moves.pass && moves.count === 1) {
      showPanel(t("confirm_pass"), [{ label: t("pass"), style: "btn-primary",
        action: () => confirmMove(t("confirm_pass"), { type: "pass" }) }]);
    } else {
      showPanel(t("pick_action"));
    }
  }

  function treeOptions(number, slot) {
    const options = [];
    const top = slot.dataset.top;
    if (top && moves.withdrawTree.has(number)) {
      options.push({
        label: t("withdraw_tree", { card: top }),
        action: () => confirmMove(t("confirm_withdraw_tree", { card: top, tree: number }),
          { type: "withdraw", tree: number }, "", [number]),
      });
    }
    const druid = tree(number).druid;
    const free = (ctx.data.trees || []).find((x) => !x.druid && !x.flipped);
    if (druid && free && moves.leap.has(druid)) {
      options.push({
        label: t("leap", { colour: t(`adj_${druid}`), to: free.tree }),
        action: () => confirmMove(
          t("confirm_leap", { colour: t(`adj_${druid}`), from: number, to: free.tree }),
          { type: "leap", druid }, "", [number, free.tree]),
      });
    }
    return options;
  }

  function treeChosen(number, slot) {
    selection = null;
    const options = treeOptions(number, slot);
    clearMarks();
    slot.classList.add("selected");
    showPanel(t("tree_actions", { tree: number }), [
      ...options.map((o) => ({ label: o.label, action: o.action })),
      { label: t("cancel"), action: idle },
    ]);
  }

  function cardChosen(card) {
    selection = { kind: "card", card };
    clearMarks();
    const trees = moves.waltz.get(card) || new Set();
    for (const slot of mySlots()) {
      const number = Number(slot.dataset.tree);
      if (trees.has(number)) {
        choosable(slot, t("play_here", { card }), () => waltz(card, number));
      }
    }
    const buttons = [];
    if (moves.withdrawCard.has(card)) {
      buttons.push({ label: t("withdraw_hand", { card }), action: () =>
        confirmMove(t("confirm_withdraw_hand", { card }), { type: "withdraw", card }) });
    }
    buttons.push({ label: t("cancel"), action: () => { selection = null; idle(); } });
    showPanel(trees.size ? t("pick_waltz_tree", { card }) : card, buttons);
  }

  function waltz(card, number) {
    const value = card[1];
    const direction = card[2] === "L" ? t("clockwise") : t("counterclockwise");
    const steps = `${number} ${number === 1 ? t("step") : t("steps")}`;
    const hint = `${t("waltz_hint", { value, steps, direction })} ${t("final")}`;
    confirmMove(t("confirm_waltz", { card, tree: number }), { type: "waltz", card, tree: number },
      hint, [number]);
    // Show which visible cards will dance: every tree's top card of that value.
    for (const slot of document.querySelectorAll("svg.board .slot-tree:not(.flipped)")) {
      if (slot.dataset.top && slot.dataset.top[1] === value) slot.classList.add("will-dance");
    }
  }

  // -- sending -----------------------------------------------------------------
  function send(move) {
    return sender.send(move, {
      start() { selection = null; clearMarks(); },
      // The notice waits for the next prompt.
      stale() { showPanel(t("stale"), [], "", "error"); panel.notice = t("stale"); },
      failed(message) {
        showPanel(message, [{ label: t("cancel"), action: idle }], "", "error");
        enableHand();
      },
    });
  }

  function enableHand() {
    bindHand((card) => !sender.sending && (moves.waltz.has(card) || moves.withdrawCard.has(card)),
      (card) => {
        if (selection && selection.card === card) { selection = null; idle(); } else { cardChosen(card); }
      });
  }

  return {
    // Called after every swap of the live fragment: new DOM, new legal moves.
    refresh() {
      sender.sending = false;
      moves = indexMoves((ctx.data && ctx.data.legal) || []);
      if (selection && selection.kind === "card" && !moves.waltz.has(selection.card)
          && !moves.withdrawCard.has(selection.card)) selection = null;
      enableHand();
      idle();
    },
  };
}
