// The Kasteel replay's ring (and a puzzle's) zooms and pans like the game page's
// (kasteel-zoom.js): the replay swaps each step in place (replay.js), so every new
// ring gets its buttons, and the view chosen stays from step to step.

import { attachZoom } from "./kasteel-zoom.js";

function attach() {
  for (const wrap of document.querySelectorAll(".k-wrap[data-zoom]")) {
    const strings = JSON.parse(wrap.dataset.zoom || "{}");
    attachZoom(wrap, (key) => strings[key] || key, { mine: false });
  }
}

const holder = document.getElementById("replay-step");
if (holder) new MutationObserver(attach).observe(holder, { childList: true });
attach();
