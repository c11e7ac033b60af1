// The hint button of unrated games against the AI: asks the API for the AI's best
// three moves for the player's seat (worked out from the player's view on the
// server) and lists them in words. Text only, never markup.
//
// The panel is part of the live page, which is drawn anew with every new position
// (#game-live-wrap's children replaced). The answer is kept with the position it is
// for and shown in whichever panel the page has while the page shows that position:
// a hint asked while the page was still catching up (an animation of the AI's move)
// lands once the page shows the position, and a new position clears it.
(function () {
  "use strict";
  let answer = null; // {version, hints} of the last hint received
  let pending = false; // a hint is being asked

  function pageVersion() {
    const live = document.querySelector(".game-live");
    return live ? Number(live.dataset.version) : -1;
  }

  function show() {
    const panel = document.getElementById("hints");
    if (!panel) return;
    const button = panel.querySelector("#hint-button");
    const status = panel.querySelector("#hint-status");
    const list = panel.querySelector("#hint-list");
    button.disabled = pending;
    if (pending) {
      status.textContent = panel.dataset.thinking;
      return;
    }
    if (!answer || answer.version !== pageVersion() || list.childElementCount) return;
    status.textContent = "";
    for (const hint of answer.hints) {
      const item = document.createElement("li");
      item.className = "hint";
      const what = document.createElement("strong");
      what.textContent = hint.text.charAt(0).toUpperCase() + hint.text.slice(1);
      item.append(what, document.createTextNode(" — " + hint.estimate));
      list.append(item);
    }
  }

  function fail(message) {
    const status = document.getElementById("hint-status");
    if (status) status.textContent = message;
  }

  async function ask(panel) {
    answer = null;
    pending = true;
    panel.querySelector("#hint-list").replaceChildren();
    show();
    const failed = panel.dataset.failed;
    try {
      const response = await fetch(panel.dataset.url, {
        credentials: "same-origin", headers: { Accept: "application/json" },
      });
      const data = await response.json().catch(() => ({}));
      pending = false;
      if (!response.ok) {
        show();
        fail(data.error || failed);
        return;
      }
      answer = { version: data.version, hints: data.hints };
      show();
    } catch (error) {
      pending = false;
      show();
      fail(failed);
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("#hint-button");
    const panel = button && button.closest("#hints");
    if (panel && !pending) ask(panel);
  });
  const wrap = document.getElementById("game-live-wrap");
  if (wrap) new MutationObserver(show).observe(wrap, { childList: true });
})();
