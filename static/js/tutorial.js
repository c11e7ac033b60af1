// The tutorial panel of a tutorial game: "Play this move" sends the scripted move
// through the site's move path; the board then updates over the game's socket
// like after any move. The panel is part of the live fragment, so its button is
// found by delegation.
(function () {
  "use strict";
  const root = document.getElementById("game");
  if (!root) return;

  function csrf() {
    const found = document.cookie.split("; ").find((c) => c.startsWith("csrftoken="));
    return found ? decodeURIComponent(found.split("=")[1]) : "";
  }

  document.addEventListener("click", async (event) => {
    const button = event.target.closest("#tutorial-play");
    if (!button || button.disabled) return;
    const live = document.querySelector(".game-live");
    button.disabled = true;
    try {
      const response = await fetch(root.dataset.moveUrl, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json",
                   "X-CSRFToken": csrf() },
        body: JSON.stringify({ move: JSON.parse(button.dataset.move),
                               version: Number(live.dataset.version) }),
      });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        button.disabled = false;
        const text = document.querySelector("#tutorial .tutorial-text");
        if (text && body.error) text.textContent = body.error;
      }
    } catch {
      button.disabled = false;
    }
  });
})();
