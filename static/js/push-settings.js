/* The settings page: turn on push on this device (the browser asks the player), then
 * register the subscription with the site. */
"use strict";
(function () {
  const section = document.getElementById("push");
  const button = document.getElementById("push-subscribe");
  const status = document.getElementById("push-status");
  if (!section || !button || !("serviceWorker" in navigator) || !("PushManager" in window)) return;
  const key = section.dataset.pushKey;
  const csrf = section.querySelector("input[name=csrfmiddlewaretoken]");
  if (!key || !csrf) return;
  button.hidden = false;

  function keyBytes(text) {
    const padded = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  button.addEventListener("click", () => {
    button.disabled = true;
    Notification.requestPermission()
      .then((permission) => {
        if (permission !== "granted") throw new Error(button.dataset.denied || permission);
        return navigator.serviceWorker.register("/sw.js", { scope: "/" })
          .then(() => navigator.serviceWorker.ready);
      })
      .then((registration) => registration.pushManager.subscribe(
        { userVisibleOnly: true, applicationServerKey: keyBytes(key) }))
      .then((subscription) => fetch("/settings/push/subscription", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf.value },
        body: JSON.stringify(Object.assign(subscription.toJSON(), { label: navigator.userAgent.slice(0, 80) })),
      }))
      .then((response) => {
        if (!response.ok) return response.json().then((answer) => { throw new Error(answer.error); });
        window.location.reload();
      })
      .catch((error) => {
        status.textContent = String(error.message || error);
        button.disabled = false;
      });
  });
})();
