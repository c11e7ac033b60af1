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

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/",
    self.location.origin);
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true })
    .then((windows) => {
      const same = windows.find((client) => new URL(client.url).pathname === target.pathname);
      if (same) return same.focus();
      const any = windows.find((client) => "navigate" in client);
      if (any) return any.navigate(target.href).then((client) => (client || any).focus());
      return self.clients.openWindow(target.href);
    }));
});
