// Replay of a finished game: the step links work without JavaScript; here they
// load the server-rendered step in place, and the arrow keys step through.

const root = document.getElementById("replay");
const holder = document.getElementById("replay-step");
const last = Number(root.dataset.last);
let wanted = null; // the step asked for last, while it loads
let request = 0;

function current() {
  if (wanted !== null) return wanted;
  const step = holder.querySelector(".replay-step");
  return step ? Number(step.dataset.step) : last;
}

async function show(step, focusIndex = -1) {
  const target = Math.max(0, Math.min(last, step));
  if (target === current()) return;
  wanted = target;
  const mine = ++request;
  const response = await fetch(`${root.dataset.url}?step=${target}&partial=1`, {
    credentials: "same-origin", headers: { Accept: "text/html" },
  }).catch(() => null);
  if (mine !== request) return; // a newer step was asked for meanwhile
  wanted = null;
  if (!response || !response.ok) {
    window.location.href = `?step=${target}`;
    return;
  }
  holder.innerHTML = await response.text();
  history.replaceState(null, "", `?step=${target}`);
  if (focusIndex >= 0) { // keep the focus on the same link (or a usable neighbour)
    const links = [...holder.querySelectorAll(".replay-nav a[data-step]")];
    const again = links[focusIndex] && !links[focusIndex].classList.contains("disabled")
      ? links[focusIndex] : links.find((link) => !link.classList.contains("disabled"));
    if (again) again.focus({ preventScroll: true });
  }
}

holder.addEventListener("click", (event) => {
  const link = event.target.closest(".replay-nav a[data-step]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  const links = [...holder.querySelectorAll(".replay-nav a[data-step]")];
  show(Number(link.dataset.step), links.indexOf(link));
});

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select")) return;
  const moves = { ArrowLeft: -1, ArrowRight: 1 };
  if (event.key in moves) {
    event.preventDefault();
    show(current() + moves[event.key]);
  } else if (event.key === "Home") {
    event.preventDefault();
    show(0);
  } else if (event.key === "End") {
    event.preventDefault();
    show(last);
  }
});
