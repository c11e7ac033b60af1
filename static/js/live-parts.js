// A page that follows a socket of nudges (a ladder's, a tournament's): on each nudge,
// and on every (re)connection (to catch up with what changed while no socket
// listened), the page's live parts are replaced by the server's fresh HTML.
// followLiveParts(root, ids, anchorFor): ``root`` carries data-socket; ``ids`` name
// the live parts; anchorFor(id), if given, is the selector a part that appears goes
// before (without it, only parts already on the page are replaced or removed).
// A part the reader is working in is never replaced under them: one holding the
// focus waits until the focus leaves it, one with a field they changed stays as it
// is until they send its form (a director's half-written reason is not wiped by a
// result coming in). A folded or unfolded <details> keeps its state.
window.followLiveParts = function followLiveParts(root, ids, anchorFor) {
  "use strict";
  let delay = 1000;
  const touched = new Set();  // ids of the parts with a field the reader changed
  const kept = new Set();     // the parts a refresh left as they were: refreshed once free

  const partOf = (node) => ids.find((id) => document.getElementById(id)?.contains(node));
  const busy = (id, part) => touched.has(id) || part.contains(document.activeElement);
  for (const type of ["input", "change"]) {
    document.addEventListener(type, (event) => {
      const id = partOf(event.target);
      if (id) touched.add(id);
    });
  }
  document.addEventListener("focusout", () => {
    // After the focus has landed elsewhere (activeElement is the body meanwhile).
    setTimeout(() => {
      const free = [...kept].some((id) => {
        const part = document.getElementById(id);
        return part && !busy(id, part);
      });
      if (free) refresh();
    }, 0);
  });

  function keepFolding(current, fresh) {
    for (const details of [current, ...current.querySelectorAll("details[id]")]) {
      if (details.tagName !== "DETAILS" || !details.id) continue;
      const twin = details === current ? fresh : fresh.querySelector(`#${CSS.escape(details.id)}`);
      if (twin) twin.open = details.open;
    }
  }

  async function refresh() {
    kept.clear();
    const response = await fetch(window.location.pathname, { credentials: "same-origin" });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const id of ids) {
      const fresh = page.getElementById(id);
      const current = document.getElementById(id);
      if (current && busy(id, current)) {
        kept.add(id);
      } else if (fresh && current) {
        keepFolding(current, fresh);
        current.replaceWith(fresh);
      } else if (fresh && !current && anchorFor) {
        root.querySelector(anchorFor(id))?.before(fresh);
      } else if (current && !fresh) {
        current.remove();
      }
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
