// The lobby follows its socket: when challenges change, the lists are refreshed
// from the server (the same HTML the page was rendered with).
(function () {
  "use strict";
  const root = document.getElementById("lobby");
  if (!root) return;
  window.followLiveParts(root, ["open-challenges", "open-tables", "incoming", "outgoing"]);
})();
