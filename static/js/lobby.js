// The lobby follows its socket: when challenges change, the lists are refreshed
// from the server (the same HTML the page was rendered with).
(function () {
  "use strict";
  const root = document.getElementById("lobby");
  if (!root) return;
  const lists = ["open-challenges", "open-tables", "incoming", "outgoing"];
  let delay = 1000;

  async function refresh() {
    const response = await fetch(window.location.pathname, { credentials: "same-origin" });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const id of lists) {
      const fresh = page.getElementById(id);
      const current = document.getElementById(id);
      if (fresh && current) current.replaceWith(fresh);
    }
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}${root.dataset.socket}`);
    socket.onopen = () => { delay = 1000; refresh(); };
    socket.onmessage = () => refresh();
    socket.onclose = () => { setTimeout(connect, delay); delay = Math.min(delay * 2, 30000); };
  }
  connect();
})();
