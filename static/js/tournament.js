// The tournament page follows its socket: whenever the tournament changes (a result, a
// new round, an admin's action) its parts are refreshed from the server's own HTML.
(function () {
  "use strict";
  const root = document.getElementById("tournament");
  if (!root) return;
  const parts = ["tournament-name", "tournament-winner", "tournament-closed", "tournament-paused",
                 "tournament-actions", "tournament-players", "tournament-standings",
                 "tournament-bracket", "tournament-rounds", "tournament-events"];
  let delay = 1000;

  async function refresh() {
    const response = await fetch(window.location.pathname, { credentials: "same-origin" });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const id of parts) {
      const fresh = page.getElementById(id);
      const current = document.getElementById(id);
      if (fresh && current) current.replaceWith(fresh);
      else if (fresh && !current) {
        // A banner goes above the actions; standings or a bracket above the rounds.
        const anchor = id.startsWith("tournament-w") || id.startsWith("tournament-c") ||
          id.startsWith("tournament-p") && id !== "tournament-players"
          ? "#tournament-actions" : "#tournament-rounds";
        root.querySelector(anchor)?.before(fresh);
      }
      else if (current && !fresh) current.remove();
    }
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}${root.dataset.socket}`);
    // On every (re)connection: catch up with what changed while no socket listened
    // (between the page's rendering and this connection, or during a drop).
    socket.onopen = () => { delay = 1000; refresh(); };
    socket.onmessage = () => refresh();
    socket.onclose = () => { setTimeout(connect, delay); delay = Math.min(delay * 2, 30000); };
  }
  connect();
})();
