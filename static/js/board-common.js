// What the board scripts share (game-moves.js, game-caesar-cleopatra.js,
// game-kasteel.js): the action panel with its buttons and the confirmation
// step, clickable board parts and hand cards, and sending a move through the
// site's move path. Each game keeps its own choices and wording.

export function csrfToken() {
  const cookie = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
  if (cookie) return decodeURIComponent(cookie.slice("csrftoken=".length));
  const input = document.querySelector("input[name=csrfmiddlewaretoken]");
  return input ? input.value : "";
}

export function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (text) node.textContent = text;
  return node;
}

// The action panel (#action-panel). ``notice`` is shown once, above the next
// message (a refused or stale move). A button: {label, action, style, name,
// disabled, pressed}; ``name`` becomes its data-choice.
export function actionPanel() {
  const box = () => document.getElementById("action-panel");
  const panel = {
    notice: "",
    box,
    show(message, buttons = [], hint = "", kind = "") {
      const node = box();
      if (!node) return;
      node.replaceChildren();
      if (panel.notice) {
        node.append(el("p", { class: "error" }, panel.notice));
        panel.notice = "";
      }
      node.append(el("p", kind ? { class: kind } : {}, message));
      if (hint) node.append(el("p", { class: "hint" }, hint));
      if (buttons.length) {
        const row = el("div", { class: "choices" });
        for (const { label, action, style, name, disabled, pressed } of buttons) {
          const button = el("button", { type: "button", class: `btn ${style || ""}` }, label);
          if (name) button.dataset.choice = name;
          if (disabled) button.disabled = true;
          if (pressed !== undefined) button.setAttribute("aria-pressed", String(pressed));
          button.addEventListener("click", action);
          row.append(button);
        }
        node.append(row);
      }
      node.hidden = false;
    },
    // Nothing to decide: the panel goes away (but stays while a move is sent).
    hide(sending) {
      const node = box();
      if (node && !sending) node.hidden = true;
    },
  };
  return panel;
}

// The buttons of the confirmation step: Confirm sends, Cancel goes back.
export function confirmButtons(t, confirm, cancel, named = false) {
  return [
    { label: t("confirm"), style: "btn-primary", action: confirm, name: named ? "confirm" : "" },
    { label: t("cancel"), action: cancel, name: named ? "cancel" : "" },
  ];
}

// The last step before sending: the question, Confirm (focused) and Cancel,
// and the hint (by default, that moves are final).
export function askConfirmation(panel, t, question, { confirm, cancel, hint = "", named = false }) {
  panel.show(question, confirmButtons(t, confirm, cancel, named), hint || t("final"));
  const first = panel.box().querySelector(".btn-primary");
  if (first) first.focus({ preventScroll: true });
}

// A board part as a button: a click, Enter or Space runs ``action``.
export function makeChoosable(node, action) {
  node.classList.add("choosable");
  node.setAttribute("role", "button");
  node.setAttribute("tabindex", "0");
  node.onclick = action;
  node.onkeydown = (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      action();
    }
  };
}

export function handButtons() {
  return [...document.querySelectorAll(".hand-card")];
}

// The hand cards: a card is enabled when ``usable(card, index)``, and a click
// calls ``onClick(card, index)``; ``pressed(card, index)``, if given, sets
// aria-pressed.
export function bindHand(usable, onClick, pressed = null) {
  handButtons().forEach((button, index) => {
    const card = button.dataset.card;
    const ok = usable(card, index);
    button.disabled = !ok;
    if (pressed) button.setAttribute("aria-pressed", String(Boolean(pressed(card, index))));
    button.onclick = ok ? () => onClick(card, index) : null;
  });
}

export function disableHand() {
  for (const button of handButtons()) button.disabled = true;
}

// Sending one move at a time. ``send(move, on)``: ``on.start()`` once the
// move is under way, then the hand is disabled and the panel says so; on a
// stale version ``on.stale()`` (then hooks.stale()); on a refusal or a network
// failure ``on.failed(message)``; on success hooks.moved(version).
export function moveSender(ctx, hooks, panel) {
  const { t } = ctx;
  const sender = {
    sending: false,
    async send(move, on) {
      if (sender.sending) return;
      sender.sending = true;
      const sentAt = ctx.version;
      on.start();
      disableHand();
      panel.show(t("sending"));
      try {
        const response = await fetch(ctx.moveUrl, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
          body: JSON.stringify({ move, version: sentAt }),
        });
        const body = await response.json().catch(() => ({}));
        if (response.ok) {
          hooks.moved(body.version || sentAt + 1);
          return;
        }
        sender.sending = false;
        if (response.status === 409) {
          on.stale();
          hooks.stale();
          return;
        }
        on.failed(t("refused", { error: body.error || t("http_error", { status: response.status }) }));
      } catch {
        sender.sending = false;
        on.failed(t("network"));
      }
    },
  };
  return sender;
}

// Scrolls the page just enough that ``node`` shows between the top of the screen and
// the move dock (.move-dock, pinned to the bottom while a decision is owed): the
// buttons a card's choice adds on the board must not sit hidden behind the dock.
export function revealAboveDock(node) {
  if (!node) return;
  const dock = document.querySelector(".move-dock");
  const dockTop = dock ? dock.getBoundingClientRect().top : window.innerHeight;
  const bottom = Math.min(dockTop, window.innerHeight) - 12;
  const rect = node.getBoundingClientRect();
  let by = 0;
  if (rect.bottom > bottom) by = rect.bottom - bottom;
  if (rect.top - by < 12) by = rect.top - 12;
  if (by) window.scrollBy({ top: by, behavior: "instant" });
}
