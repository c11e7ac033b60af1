// On a phone the header's links fold into a menu button (CSS shows the button
// only on narrow screens, and only once this script has run: without it the
// links stay visible).
(function () {
  "use strict";
  const header = document.getElementById("site-header");
  const toggle = document.getElementById("menu-toggle");
  if (!header || !toggle) return;
  header.classList.add("has-menu");
  toggle.addEventListener("click", () => {
    const open = header.classList.toggle("menu-open");
    toggle.setAttribute("aria-expanded", open ? "true" : "false");
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && header.classList.contains("menu-open")) {
      header.classList.remove("menu-open");
      toggle.setAttribute("aria-expanded", "false");
      toggle.focus();
    }
  });
})();
