// The game's chat and the player's private notes: lines arrive live from the game's
// socket (game.js raises "druid:chat"); sending and saving go through the API.
(function () {
  "use strict";
  const box = document.getElementById("game-chat");
  if (!box) return;
  const list = document.getElementById("chat-lines");
  const form = document.getElementById("chat-form");
  const toggle = document.getElementById("chat-show-spectators");

  function csrf() {
    const found = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    return found ? decodeURIComponent(found.split("=")[1]) : "";
  }

  function applyFilter() {
    const show = !toggle || toggle.checked;
    for (const item of list.querySelectorAll("[data-channel='spectators']")) {
      item.hidden = !show;
    }
  }

  // A report control on each line of someone else's: the reason is asked for in the
  // site's own dialog; Cancel changes nothing, and what became of the report is said.
  const dialog = document.getElementById("report-dialog");
  const reportForm = document.getElementById("report-form");
  const reason = document.getElementById("report-reason");
  const reportError = document.getElementById("report-error");
  let reporting = null;  // the line being reported and its flag

  function showReportError(text) {
    reportError.textContent = text;
    reportError.hidden = false;
  }

  function closeReport() {
    reporting = null;
    reason.value = "";
    reportError.hidden = true;
    if (dialog.open) dialog.close();  // the browser gives the focus back to the flag
  }

  function openReport(item, button) {
    reporting = { item, button };
    const quote = document.getElementById("report-quote");
    quote.textContent = item.textContent.replace(/\s*⚑\s*$/, "").trim();
    reason.value = "";
    reportError.hidden = true;
    dialog.showModal();
    reason.focus();
  }

  if (dialog && reportForm) {
    document.getElementById("report-cancel").addEventListener("click", closeReport);
    dialog.addEventListener("cancel", (event) => {  // Escape: as Cancel
      event.preventDefault();
      closeReport();
    });
    reportForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (!reporting) return;
      const text = reason.value.trim();
      if (!text) {
        showReportError(box.dataset.reportEmpty);
        reason.focus();
        return;
      }
      const { item, button } = reporting;
      const send = document.getElementById("report-send");
      send.disabled = true;
      let response;
      try {
        response = await fetch(`${box.dataset.url}${item.dataset.id}/report/`, {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
          body: JSON.stringify({ reason: text }),
        });
      } catch (error) {
        showReportError(box.dataset.reportNetwork);
        return;
      } finally {
        send.disabled = false;
      }
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        showReportError(box.dataset.reportFailed.replace("{error}", body.error || String(response.status)));
        return;
      }
      const note = document.createElement("span");
      note.className = "chat-reported";
      note.setAttribute("role", "status");
      note.textContent = ` ${box.dataset.reported}`;
      reporting = null;
      closeReport();
      button.replaceWith(note);
      note.tabIndex = -1;
      note.focus();
    });
  }

  function reportable(item) {
    const me = box.dataset.me;
    if (!dialog || !me || item.dataset.player === me || item.dataset.hidden || item.dataset.bot || item.querySelector(".chat-report")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "chat-report";
    button.textContent = "⚑";
    button.title = box.dataset.reportLabel;
    button.setAttribute("aria-label", box.dataset.reportLabel);
    button.addEventListener("click", () => openReport(item, button));
    item.append(" ", button);
  }

  function add(line) {
    if (list.querySelector(`[data-id="${line.id}"]`)) return;
    document.getElementById("chat-empty")?.remove();
    const item = document.createElement("li");
    item.className = `chat-line chat-${line.channel}`;
    item.dataset.channel = line.channel;
    item.dataset.id = String(line.id);
    item.dataset.player = line.player;
    if (line.bot) item.dataset.bot = "1";
    const who = document.createElement("strong");
    who.textContent = line.player;  // text, never markup
    item.append(who, document.createTextNode(
      (line.channel !== "players" ? ` (${line.channel})` : "") + ": " + (line.hidden ? "" : line.text)));
    if (line.hidden) {
      // Its text is gone: say why (an admin hid it, or its writer deleted their account).
      item.classList.add("hidden-line");
      item.dataset.hidden = line.hidden_why || "1";
      const why = document.createElement("em");
      why.textContent = line.hidden_text || "";
      item.append(why);
    }
    list.append(item);
    reportable(item);
    applyFilter();
    list.scrollTop = list.scrollHeight;
  }

  for (const item of list.querySelectorAll(".chat-line")) reportable(item);
  document.addEventListener("druid:chat", (event) => add(event.detail));
  if (toggle) toggle.addEventListener("change", applyFilter);
  applyFilter();

  if (form) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const error = document.getElementById("chat-error");
      const data = new FormData(form);
      const response = await fetch(box.dataset.url, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify({ channel: data.get("channel"), text: data.get("text") }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok) {
        add(body);
        form.elements.text.value = "";
        error.hidden = true;
      } else {
        error.textContent = body.error || String(response.status);
        error.hidden = false;
      }
    });
  }

  const notes = document.getElementById("game-notes");
  const save = document.getElementById("notes-save");
  if (notes && save) {
    save.addEventListener("click", async () => {
      const state = document.getElementById("notes-state");
      const response = await fetch(box.dataset.notesUrl, {
        method: "PUT", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
        body: JSON.stringify({ text: notes.value }),
      });
      state.textContent = response.ok ? "✓" : String(response.status);
    });
  }
})();
