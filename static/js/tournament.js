// The tournament page follows its socket: whenever the tournament changes (a result, a
// new round, an admin's action) its parts are refreshed from the server's own HTML,
// the director's form too (its actions follow the status), but never while the
// director is writing in it (live-parts.js).
(function () {
  "use strict";
  const root = document.getElementById("tournament");
  if (!root) return;
  const parts = ["tournament-name", "tournament-announcements", "tournament-winner", "tournament-closed", "tournament-paused",
                 "tournament-actions", "tournament-admin", "tournament-players", "tournament-teams", "tournament-standings", "kasteel-tree",
                 "tournament-bracket", "tournament-rounds", "tournament-events"];
  // A banner (or the first announcement) goes above the actions; standings or a bracket above the rounds.
  const banners = ["tournament-announcements", "tournament-winner", "tournament-closed",
                   "tournament-paused"];
  window.followLiveParts(root, parts,
    (id) => (banners.includes(id) ? "#tournament-actions" : "#tournament-rounds"));
})();
