// A review under way: its progress arrives over the game's socket; the page reloads
// when the review is done (or failed).
(function () {
  "use strict";
  const root = document.getElementById("review");
  if (!root) return;
  const bar = document.getElementById("review-progress");
  const count = document.getElementById("review-count");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${root.dataset.socketPath}`);
  socket.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    if (message.type !== "review") return;
    if (bar) { bar.max = message.total || 1; bar.value = message.done; }
    if (count) count.textContent = `${message.done}/${message.total}`;
    if (message.status === "done" || message.status === "failed") location.reload();
  });
  // Should the socket miss the end, look again now and then.
  setInterval(() => location.reload(), 30000);
})();
