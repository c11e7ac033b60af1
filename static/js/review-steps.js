// The review's decisions: every step link works without JavaScript (?step=N); here
// the step is fetched alone and swapped in place, the arrow keys step (Home/End jump),
// the curve and the list follow the current decision.

const course = document.getElementById("review-course");
const holder = document.getElementById("review-step-holder");
let request = 0;

function current() {
  return holder.querySelector(".review-step");
}

function mark(number) {
  for (const dot of course.querySelectorAll(".review-dot")) {
    dot.classList.toggle("is-current", dot.dataset.n === String(number));
  }
  for (const link of course.querySelectorAll(".review-list a[data-step]")) {
    if (link.dataset.step === String(number)) {
      link.setAttribute("aria-current", "step");
      const list = link.closest(".review-list");
      // Keep the current decision in sight inside the list, not by scrolling the page
      // (the list is positioned: a link's offsetTop counts from its top).
      if (list && list.scrollHeight > list.clientHeight) {
        const top = link.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - link.offsetHeight) {
          list.scrollTop = top - list.clientHeight / 2;
        }
      }
    } else {
      link.removeAttribute("aria-current");
    }
  }
}

async function show(number, reveal, focusSelector = null) {
  const step = current();
  if (!step || !number) return;
  if (String(number) === step.dataset.step && reveal === step.dataset.reveal) return;
  const mine = ++request;
  const query = `?step=${number}${reveal === "1" ? "&reveal=1" : ""}`;
  holder.classList.add("review-loading");
  const response = await fetch(`${course.dataset.url}${query}&partial=1`, {
    credentials: "same-origin", headers: { Accept: "text/html" },
  }).catch(() => null);
  if (mine !== request) return; // a newer step was asked for meanwhile
  holder.classList.remove("review-loading");
  if (!response || !response.ok) {
    window.location.href = query;
    return;
  }
  holder.innerHTML = await response.text();
  history.replaceState(null, "", query);
  mark(number);
  // The step was replaced whole: a region outside it tells a screen reader what came.
  const announce = document.getElementById("review-announce");
  const title = holder.querySelector("#review-step-title");
  const played = holder.querySelector("#review-played");
  if (announce && title) {
    announce.textContent = `${title.textContent.trim()}. ${played ? played.textContent.trim() : ""}`;
  }
  if (focusSelector) {
    const again = holder.querySelector(focusSelector);
    if (again) again.focus({ preventScroll: true });
  }
}

if (current()) mark(current().dataset.step);

course.addEventListener("click", (event) => {
  const link = event.target.closest("a[data-step]");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  const step = current();
  const reveal = link.dataset.reveal ?? (step ? step.dataset.reveal : "0");
  let focus = null;
  if (link.id === "review-reveal") focus = "#review-reveal";
  else if (link.closest(".review-nav")) focus = `.review-nav a[rel="${link.getAttribute("rel")}"]`;
  show(link.dataset.step, reveal, focus).then(() => {
    // Stacked (a phone): a decision picked below the board brings the board into sight.
    if (link.closest(".review-side") && holder.getBoundingClientRect().top < 0) {
      holder.scrollIntoView({ block: "start" });
    }
  });
});

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select, .k-wrap")) return;
  const step = current();
  if (!step) return;
  const targets = {
    ArrowLeft: step.dataset.prev, ArrowRight: step.dataset.next,
    Home: step.dataset.first, End: step.dataset.last,
  };
  if (!(event.key in targets)) return;
  event.preventDefault();
  if (targets[event.key]) show(targets[event.key], step.dataset.reveal);
});
