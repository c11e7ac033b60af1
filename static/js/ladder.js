// The ladder page follows its socket: whenever the ladder changes (a result, a
// challenge, a freeze...) its parts are refreshed from the server's own HTML.
(function () {
  "use strict";
  const root = document.getElementById("ladder");
  if (!root) return;
  window.followLiveParts(root, ["ladder-name", "ladder-settings", "announcements",
    "ladder-actions", "standings", "ladder-games", "ladder-events", "frozen-note",
    "closed-note"], () => "#ladder-actions");
})();
