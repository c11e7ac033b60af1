// A page that follows a socket of nudges (a ladder's, a tournament's): on each nudge,
// and on every (re)connection (to catch up with what changed while no socket
// listened), the page's live parts are replaced by the server's fresh HTML.
// followLiveParts(root, ids, anchorFor): ``root`` carries data-socket; ``ids`` name
// the live parts; anchorFor(id), if given, is the selector a part that appears goes
// before (without it, only parts already on the page are replaced or removed).
window.followLiveParts = function followLiveParts(root, ids, anchorFor) {
  "use strict";
  let delay = 1000;

  async function refresh() {
    const response = await fetch(window.location.pathname, { credentials: "same-origin" });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const id of ids) {
      const fresh = page.getElementById(id);
      const current = document.getElementById(id);
      if (fresh && current) current.replaceWith(fresh);
      else if (fresh && !current && anchorFor) root.querySelector(anchorFor(id))?.before(fresh);
      else if (current && !fresh) current.remove();
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
};
