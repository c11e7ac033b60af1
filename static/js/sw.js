/* druidsite's service worker (served at /sw.js, CONFIG is written above this line).
 * It keeps static files only (scripts, styles, images): never a page or an API answer,
 * which are private to the player. A page that cannot load shows the offline page.
 * It shows pushes and opens the game a notification names, focusing an open tab. */
"use strict";

const CACHE = "druidsite-static-v1";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.add(new Request(CONFIG.offline, { credentials: "omit" })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function fromCacheThenNetwork(request) {
  return caches.open(CACHE).then((cache) => cache.match(request).then((kept) => {
    const fresh = fetch(request).then((response) => {
      if (response.ok && response.type === "basic") cache.put(request, response.clone());
      return response;
    });
    return kept || fresh;
  }));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(CONFIG.static)) {
    event.respondWith(fromCacheThenNetwork(request));
  } else if (request.mode === "navigate") {
    // A page always comes from the server; only when there is none, the offline page.
    event.respondWith(fetch(request).catch(() => caches.match(CONFIG.offline)));
  }
  // Anything else (the API, a fragment) goes to the network untouched and is never kept.
});

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch (error) {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(self.registration.showNotification(message.title || "druidsite", {
    body: message.body || "",
    tag: message.tag || undefined,
    icon: CONFIG.icon,
    data: { url: message.url || "/" },
  }));
});

// Which open tab a notification's click takes to its page: the tab already showing that
// page (focused), else the tab the player used last (focused before visible before the
// rest) sent there; null: none can go there, a new window opens.
function chooseWindow(windows, target) {
  const path = new URL(target, self.location.origin).pathname;
  const same = windows.find((client) => new URL(client.url).pathname === path);
  if (same) return { client: same, navigate: false };
  const rank = (client) => (client.focused ? 2 : 0) + (client.visibilityState === "visible" ? 1 : 0);
  const movable = windows.filter((client) => "navigate" in client)
    .sort((a, b) => rank(b) - rank(a));
  return movable.length ? { client: movable[0], navigate: true } : null;
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/",
    self.location.origin);
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true })
    .then((windows) => {
      const chosen = chooseWindow(windows, target.href);
      if (!chosen) return self.clients.openWindow(target.href);
      if (!chosen.navigate) return chosen.client.focus();
      // A tab the worker does not control refuses to be sent elsewhere: a new window then.
      return chosen.client.navigate(target.href).then(
        (client) => (client || chosen.client).focus(),
        () => self.clients.openWindow(target.href));
    }));
});
