// Every page of a logged-in player keeps a socket to /ws/me/: it tells the
// server a page is open (no turn mails then) and keeps the "your turn" counter
// in the header current when a game changes.
(function () {
  "use strict";
  const badge = document.getElementById("your-turn-count");
  if (!badge) return;
  let delay = 1000;

  async function refreshCount() {
    const response = await fetch("/api/me/", { credentials: "same-origin",
                                               headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const me = await response.json();
    const count = me.your_turn_count ?? me.your_turn ?? 0;
    badge.textContent = String(count);
    badge.classList.toggle("badge-zero", count === 0);
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}/ws/me/`);
    let ping = null;
    socket.onopen = () => {
      delay = 1000;
      ping = setInterval(() => socket.send("ping"), 30000);
    };
    socket.onmessage = (event) => {
      let message = {};
      try { message = JSON.parse(event.data); } catch (error) { /* a nudge all the same */ }
      const notices = document.getElementById("notices-unread");
      if (message.type === "notice" && notices) {
        notices.textContent = String(message.unread);
        notices.classList.toggle("badge-zero", message.unread === 0);
        return;
      }
      refreshCount();
    };
    socket.onclose = () => {
      clearInterval(ping);
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 60000);
    };
  }
  connect();
})();
