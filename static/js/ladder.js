// The ladder page follows its socket: whenever the ladder changes (a result, a
// challenge, a freeze...) its parts are refreshed from the server's own HTML.
(function () {
  "use strict";
  const root = document.getElementById("ladder");
  if (!root) return;
  const parts = ["ladder-name", "ladder-settings", "announcements", "ladder-actions",
                 "standings", "ladder-games", "ladder-events", "frozen-note", "closed-note"];
  let delay = 1000;

  async function refresh() {
    const response = await fetch(window.location.pathname, { credentials: "same-origin" });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const id of parts) {
      const fresh = page.getElementById(id);
      const current = document.getElementById(id);
      if (fresh && current) current.replaceWith(fresh);
      else if (fresh && !current) root.querySelector("#ladder-actions")?.before(fresh);
      else if (current && !fresh) current.remove();
    }
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}${root.dataset.socket}`);
    socket.onopen = () => { delay = 1000; };
    socket.onmessage = () => refresh();
    socket.onclose = () => { setTimeout(connect, delay); delay = Math.min(delay * 2, 30000); };
  }
  connect();
})();
