// The hint button of unrated games against the AI: asks the API for the AI's best
// three moves for the player's seat (worked out from the player's view on the
// server) and lists them in words. Text only, never markup.
(function () {
  "use strict";
  const panel = document.getElementById("hints");
  if (!panel) return;
  const button = document.getElementById("hint-button");
  const status = document.getElementById("hint-status");
  const list = document.getElementById("hint-list");

  async function ask() {
    button.disabled = true;
    list.replaceChildren();
    status.textContent = panel.dataset.thinking;
    try {
      const response = await fetch(panel.dataset.url, {
        credentials: "same-origin", headers: { Accept: "application/json" },
      });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) {
        status.textContent = data.error || panel.dataset.failed;
        return;
      }
      status.textContent = "";
      for (const hint of data.hints) {
        const item = document.createElement("li");
        item.className = "hint";
        const what = document.createElement("strong");
        what.textContent = hint.text.charAt(0).toUpperCase() + hint.text.slice(1);
        item.append(what, document.createTextNode(" — " + hint.estimate));
        list.append(item);
      }
    } catch (error) {
      status.textContent = panel.dataset.failed;
    } finally {
      button.disabled = false;
    }
  }

  button.addEventListener("click", ask);
})();
