// The lobby follows its socket: when challenges change, the lists are refreshed
// from the server (the same HTML the page was rendered with).
(function () {
  "use strict";
  const root = document.getElementById("lobby");
  if (!root) return;
  window.followLiveParts(root, ["open-challenges", "open-tables", "incoming", "outgoing"]);
  // A table one sits at has filled and started: to its game, as an accepted challenge.
  document.addEventListener("druid:notice", (event) => {
    const notice = event.detail || {};
    if (notice.kind === "table_started" && notice.url) window.location.assign(notice.url);
  });
})();
