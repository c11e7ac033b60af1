// A table's page follows the lobby's socket (a nudge on every change of the tables):
// the players, the status and the actions are refreshed from the server's HTML when
// they changed, and a seated player who watches the table when it fills is taken to
// its game (so is one told by their own socket: the "table_started" notice).
(function () {
  "use strict";
  const root = document.getElementById("table");
  if (!root) return;
  const openAtLoad = document.getElementById("table-live")?.dataset.status === "open";
  let delay = 1000;

  function goToGame(part) {
    if (openAtLoad && part && part.dataset.status !== "open" && part.dataset.gameUrl) {
      window.location.assign(part.dataset.gameUrl);
      return true;
    }
    return false;
  }

  async function refresh() {
    const response = await fetch(window.location.pathname, { credentials: "same-origin" });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById("table-live");
    const current = document.getElementById("table-live");
    if (!fresh || !current || fresh.dataset.state === current.dataset.state) return;
    if (goToGame(fresh)) return;
    // A name being typed into the invitation survives the refresh.
    const typed = current.querySelector("input[name=username]")?.value;
    current.replaceWith(fresh);
    const field = fresh.querySelector("input[name=username]");
    if (field && typed) field.value = typed;
  }

  document.addEventListener("druid:notice", (event) => {
    const notice = event.detail || {};
    if (notice.kind === "table_started" && String(notice.table) === root.dataset.table && notice.url) {
      window.location.assign(notice.url);
    }
  });

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}${root.dataset.socket}`);
    socket.onopen = () => { delay = 1000; refresh(); };
    socket.onmessage = () => refresh();
    socket.onclose = () => { setTimeout(connect, delay); delay = Math.min(delay * 2, 30000); };
  }
  connect();
})();
