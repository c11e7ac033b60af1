// Every page of a logged-in player keeps a socket to /ws/me/: it tells the
// server a page is open (no turn mails then), keeps the "your turn" counter in
// the header (and the home and your-turn lists) current when a game changes,
// and shows notices about the player's challenges: an accepted challenge takes
// a challenger who waits in the lobby to the new game.
(function () {
  "use strict";
  const badge = document.getElementById("your-turn-count");
  if (!badge) return;
  let delay = 1000;
  let refreshing = null;

  async function refreshCount() {
    const response = await fetch("/api/me/", { credentials: "same-origin",
                                               headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const me = await response.json();
    const count = me.your_turn_count ?? me.your_turn ?? 0;
    badge.textContent = String(count);
    badge.classList.toggle("badge-zero", count === 0);
    const menuCount = document.querySelector(".menu-count");
    if (menuCount) menuCount.textContent = String(count);
  }

  // The home and your-turn pages: their lists, as the server renders them.
  async function refreshLists() {
    const lists = document.getElementById("loop-lists");
    if (!lists) return;
    const response = await fetch(window.location.pathname, { credentials: "same-origin" });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById("loop-lists");
    if (fresh) lists.replaceWith(fresh);
  }

  function refresh() {
    if (refreshing) clearTimeout(refreshing);
    // Several games may change at once (a move and the AI's reply): one refresh.
    refreshing = setTimeout(() => { refreshCount(); refreshLists(); }, 150);
  }

  function showNotice(notice) {
    if (!notice.text) return;
    let box = document.getElementById("notices");
    if (!box) {
      box = document.createElement("div");
      box.id = "notices";
      box.className = "notices";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      document.body.append(box);
    }
    const item = document.createElement("p");
    item.className = "notice";
    item.dataset.kind = notice.kind;
    const link = document.createElement("a");
    link.href = notice.url;
    link.textContent = notice.text;
    const close = document.createElement("button");
    close.type = "button";
    close.className = "notice-close";
    close.setAttribute("aria-label", "×");
    close.textContent = "×";
    close.addEventListener("click", () => item.remove());
    item.append(link, close);
    box.append(item);
    setTimeout(() => item.remove(), 15000);
  }

  // The count of unread notices (the header's "Notices" badge).
  function showUnread(unread) {
    const notices = document.getElementById("notices-unread");
    if (!notices) return;
    notices.textContent = String(unread);
    notices.classList.toggle("badge-zero", unread === 0);
  }

  function onNotice(notice) {
    document.dispatchEvent(new CustomEvent("druid:notice", { detail: notice }));
    if (notice.kind === "challenge_accepted" && notice.match && document.getElementById("lobby")) {
      window.location.assign(notice.url);
      return;
    }
    showNotice(notice);
    refresh();
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
      try { message = JSON.parse(event.data); } catch { /* a ping's answer */ }
      if (message.type === "notice") onNotice(message);
      else if (message.type === "notices") showUnread(message.unread);
      else refresh();
    };
    socket.onclose = () => {
      clearInterval(ping);
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 60000);
    };
  }
  connect();
})();
