// The game page of every game: live updates (socket, with polling as a
// fallback), the animation of new moves, and swapping in the server-rendered
// board fragment. The game's own board script (the page's data-board-module,
// from the game's catalogue entry, e.g. game-druidenwalzer.js) chooses and
// sends moves (setupMoves) and may animate them (animateRecords). All game
// data comes from the server, already cut to what this viewer may see.

const POLL_MS = 30000;
const MAX_BACKOFF_MS = 60000;
const MAX_ANIMATED_RECORDS = 4;
// The player's animation speed (their setting): a factor on every duration.
const SPEEDS = { normal: 1, fast: 0.2, off: 0 };
const FAST_TOTAL_MS = 600; // a whole move at "fast", at most (about)
const NORMAL_TOTAL_MS = 4000; // a whole move at "normal", at most (about)
const STEP_NORMAL_MS = 500; // one step of a board's animation at "normal" (about)
const RATINGS_RETRIES = 3;

const root = document.getElementById("game");
const strings = JSON.parse(document.getElementById("game-i18n").textContent);

function t(key, params = {}) {
  return (strings[key] || key).replace(/\{(\w+)\}/g, (all, name) =>
    name in params ? String(params[name]) : all);
}

function readData(scope) {
  const node = scope.querySelector("#game-data");
  return node ? JSON.parse(node.textContent) : null;
}

const ctx = {
  t,
  root,
  moveUrl: root.dataset.moveUrl,
  data: readData(document),
  get version() { return this.data ? this.data.version : 0; },
};

const liveState = document.getElementById("live-state");
const wrap = document.getElementById("game-live-wrap");
const animBar = document.getElementById("anim-bar");
const animCaption = document.getElementById("anim-caption");
const skipButton = document.getElementById("anim-skip");
const baseTitle = document.title;
const speed = SPEEDS[root.dataset.animSpeed] ?? 1;
const matchId = Number(root.dataset.match);
let ratingsRetries = 0;

let socket = null;
let backoff = 1000;
let pollTimer = null;
let queue = Promise.resolve();
let skipRequested = false;

function setLive(state) {
  liveState.textContent = t(state);
  liveState.classList.toggle("is-live", state === "live");
  liveState.classList.toggle("is-down", state !== "live");
}

function enqueue(task) {
  queue = queue.then(task).catch((error) => {
    console.error(error); // eslint-disable-line no-console
  });
  return queue;
}

async function fetchFragment() {
  const response = await fetch(root.dataset.boardUrl, {
    credentials: "same-origin",
    headers: { Accept: "text/html" },
    cache: "no-store",
  });
  if (!response.ok) throw new Error(`board ${response.status}`);
  const template = document.createElement("template");
  template.innerHTML = await response.text();
  return template.content.querySelector(".game-live");
}

// The log of the new fragment gives every event's sentence, translated by the
// server: the animation shows them as captions.
function captionsFrom(fragment) {
  return (version, index) => {
    const entry = fragment.querySelector(`.log-entry[data-version="${version}"]`);
    if (!entry) return "";
    const details = entry.querySelectorAll(".log-details li");
    if (details.length) return details[index] ? details[index].textContent : "";
    return index === 0 ? entry.querySelector(".log-summary").textContent : "";
  };
}

function swap(fragment, freshVersions) {
  const active = document.activeElement;
  const focusKey = active && active.dataset ? (active.dataset.card || active.dataset.pos) : null;
  wrap.replaceChildren(fragment);
  ctx.data = readData(fragment);
  for (const version of freshVersions) {
    const entry = fragment.querySelector(`.log-entry[data-version="${version}"]`);
    if (entry) entry.classList.add("is-new");
  }
  moves.refresh();
  if (focusKey) {
    const again = wrap.querySelector(`[data-card="${focusKey}"]:not([disabled]), .slot[data-pos="${focusKey}"][tabindex]`);
    if (again) again.focus({ preventScroll: true });
  }
  const mine = ctx.data && ctx.data.legal.length > 0;
  document.title = mine ? `● ${t("your_turn_title")} · ${baseTitle}` : baseTitle;
  // A rated game is rated just after it ends: ask again for the panel's ratings.
  if (fragment.querySelector('[data-ratings-pending="1"]') && ratingsRetries < RATINGS_RETRIES) {
    ratingsRetries += 1;
    setTimeout(() => enqueue(() => advance([], undefined, true)), 1500);
  }
}

function animatable(records) {
  const calm = document.hidden || window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // Only the others' moves are animated: the player's own move shows at once
  // (they just chose it), and so does anything that arrives together with it.
  const viewer = ctx.data ? ctx.data.viewer : null;
  const othersOnly = records.every((r) => !viewer || r.seat !== viewer);
  return Boolean(board.animateRecords && records.length && records.length <= MAX_ANIMATED_RECORDS
    && !calm && speed > 0 && othersOnly);
}

// A whole move takes at most about NORMAL_TOTAL_MS at "normal" and FAST_TOTAL_MS at
// "fast", however many steps it has: each step is shortened when needed. A long
// waltz has a dozen steps; at full length the player waited 7 to 9 s for their turn.
function speedFor(records) {
  const steps = records.reduce((n, r) => n + ((r.events || []).length || 1), 0);
  const total = speed >= 1 ? NORMAL_TOTAL_MS : FAST_TOTAL_MS;
  return Math.min(speed, total / (steps * STEP_NORMAL_MS));
}

// The captions come from the new fragment's log; while it is still loading the
// animation runs without them, and the current one shows once it is there.
async function animate(records, loading) {
  let captions = null;
  let current = null;
  loading.then((fragment) => {
    captions = captionsFrom(fragment);
    if (current && !animBar.hidden) animCaption.textContent = captions(...current) || "";
  }, () => {});
  const svg = wrap.querySelector("svg.board");
  skipRequested = false;
  animBar.hidden = false;
  try {
    await board.animateRecords(svg, records, (version, index) => {
      current = [version, index];
      return captions ? captions(version, index) : "";
    }, {
      caption: (text) => { animCaption.textContent = text; },
      skipped: () => skipRequested,
      viewer: ctx.data ? ctx.data.viewer : null,
      speed: speedFor(records),
    });
  } finally {
    animBar.hidden = true;
    animCaption.textContent = "";
  }
}

// Bring the page to ``target`` (a version), animating ``records`` on the way.
// With ``force`` the fragment is swapped in even when nothing changed. With the
// records at hand (a socket update: the opponent's reply) the animation starts at
// once while the new board is fetched: the reply does not wait for the request.
async function advance(records, target, force = false) {
  if (!force && target !== undefined && target <= ctx.version) return;
  const loading = fetchFragment();
  loading.catch(() => {}); // awaited below; no unhandled rejection meanwhile
  const early = target === undefined ? []
    : (records || []).filter((r) => r.version > ctx.version && r.version <= target);
  const animatedEarly = animatable(early) && early.length === target - ctx.version;
  if (animatedEarly) await animate(early, loading);
  const fragment = await loading;
  const reached = Number(fragment.dataset.version);
  if (reached <= ctx.version) {
    if (force) swap(fragment, []);
    return;
  }
  const fresh = (records || []).filter((r) => r.version > ctx.version && r.version <= reached);
  if (!animatedEarly && animatable(fresh)) await animate(fresh, Promise.resolve(fragment));
  swap(fragment, fresh.map((r) => r.version));
}

function onMessage(event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch {
    return;
  }
  if ((message.type === "sync" || message.type === "update") && message.match) {
    enqueue(() => advance(message.records, message.match.version));
  } else if (message.type === "chat" && message.line) {
    document.dispatchEvent(new CustomEvent("druid:chat", { detail: message.line }));
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}${root.dataset.socketPath}?since=${ctx.version}`;
  try {
    socket = new WebSocket(url);
  } catch {
    scheduleReconnect();
    return;
  }
  socket.addEventListener("open", () => {
    backoff = 1000;
    setLive("live");
    stopPolling();
    sayHere();
  });
  socket.addEventListener("message", onMessage);
  socket.addEventListener("close", () => {
    socket = null;
    scheduleReconnect();
  });
}

// While this page is shown, the player is looking at this game: the server pushes and
// mails no "your turn" of it meanwhile. Said on every change and every 30 s (the mark
// lapses after 90 s without word); a hidden page says so and counts as away.
function sayHere() {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: "here", shown: !document.hidden }));
  }
}
setInterval(() => { if (!document.hidden) sayHere(); }, 30000);

function scheduleReconnect() {
  startPolling();
  setLive(backoff > 2000 ? "polling" : "reconnecting");
  const wait = backoff + Math.random() * 500;
  backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  setTimeout(connect, wait);
}

// Ask the server for everything after our version, by whatever way works.
async function catchUp() {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify({ type: "sync", since: ctx.version }));
    return;
  }
  try {
    const response = await fetch(`${root.dataset.eventsUrl}?since=${ctx.version}`, {
      credentials: "same-origin", headers: { Accept: "application/json" }, cache: "no-store",
    });
    if (response.ok) {
      const body = await response.json();
      const records = Array.isArray(body) ? body : (body.records || body.events || []);
      const versions = records.map((r) => r.version || 0);
      const target = (body.match && body.match.version) || body.version || Math.max(0, ...versions);
      if (target > ctx.version) enqueue(() => advance(records, target));
      return;
    }
  } catch {
    // fall through to the board fragment
  }
  enqueue(() => advance([], undefined));
}

function startPolling() {
  if (!pollTimer) pollTimer = setInterval(catchUp, POLL_MS);
}

function stopPolling() {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
}

// The player's setting "go to the next game after a move": once the move is in,
// on to the next game waiting for them, if there is one.
async function goToNextGame() {
  try {
    const response = await fetch(`${root.dataset.nextUrl}&format=json`, {
      credentials: "same-origin", headers: { Accept: "application/json" }, cache: "no-store",
    });
    const body = response.ok ? await response.json() : {};
    if (body.url) setTimeout(() => window.location.assign(body.url), 700);
  } catch {
    // stay on this game
  }
}

// After the player's move (never on a first visit): offer push notifications, once,
// while the browser has not been asked and the player has not said "not now".
function offerPush() {
  const prompt = document.getElementById("push-prompt");
  if (!prompt || !("Notification" in window) || Notification.permission !== "default") return;
  try {
    if (localStorage.getItem("push-prompt-closed")) return;
  } catch {
    return;
  }
  prompt.hidden = false;
  document.getElementById("push-prompt-close").addEventListener("click", () => {
    prompt.hidden = true;
    try { localStorage.setItem("push-prompt-closed", "1"); } catch { /* private mode */ }
  }, { once: true });
}

// A notice about a rematch of this game (static/js/site.js): show its new state;
// once accepted, on to the new game.
document.addEventListener("druid:notice", (event) => {
  const notice = event.detail || {};
  if (notice.rematch_of !== matchId) return;
  if (notice.kind === "challenge_accepted" && notice.match) {
    window.location.assign(notice.url);
    return;
  }
  enqueue(() => advance([], undefined, true));
});

skipButton.addEventListener("click", () => { skipRequested = true; });
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && !animBar.hidden) skipRequested = true;
});
document.addEventListener("visibilitychange", () => {
  sayHere();
  if (!document.hidden) catchUp();
});

// A game without a board script of its own is watched live; its moves are
// made through the API.
const noBoard = { setupMoves: () => ({ refresh() {} }) };
let board = noBoard;
let moves = noBoard.setupMoves();

function start(module) {
  board = { ...noBoard, ...module };
  moves = board.setupMoves(ctx, {
    // After our own move: the new position at once (no animation of our own
    // move); the opponent's reply then arrives on the socket and is animated.
    moved(version) {
      enqueue(() => advance([], version));
      setTimeout(() => {
        if (ctx.version < version) enqueue(() => advance([], version));
      }, 2500);
      if (root.dataset.autoNext) goToNextGame();
      offerPush();
    },
    stale() {
      enqueue(() => advance([], undefined, true));
    },
  });
  moves.refresh();
  connect();
}

if (root.dataset.boardModule) {
  import(root.dataset.boardModule).then(start, (error) => {
    console.error(error); // eslint-disable-line no-console
    start({});
  });
} else {
  start({});
}
