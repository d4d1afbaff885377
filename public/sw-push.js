// The push service worker, served as /sw-push.js?v=2 (docs/product/notifications.md#push). It
// shows what the server pushed — brand name, text in the member's language, icon — one
// notification per tag (a conversation, the likes, a match), and opens the page it is about.
self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { body: event.data ? event.data.text() : "" };
  }
  const title = payload.title || self.registration.scope;
  const options = {
    body: payload.body || "",
    icon: payload.icon || "/favicon.svg",
    badge: payload.icon || "/favicon.svg",
    data: { url: payload.url || "/" },
  };
  // A newer push about the same conversation replaces the older notification, and still rings.
  if (payload.tag) Object.assign(options, { tag: payload.tag, renotify: true });
  // A pushed message makes the open pages load chats and likes again (docs/product/notifications.md#polling).
  // They are told once the notification is up (or has failed), not while it is being put up:
  // Chromium takes a notification that is stored but not yet on screen for one already closed,
  // and a read of the list (getNotifications) at that moment deletes it from the list for good.
  // A page told of the push may read the list; the browser tests do (tests/e2e/push.spec.ts).
  const tellPages = () =>
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => windows.forEach((client) => client.postMessage({ type: "pushed" })));
  event.waitUntil(self.registration.showNotification(title, options).finally(tellPages));
});

// A tap opens the page the notification is about: in a tab of the site that is already open
// (that very page if it is open, else the first tab, which is taken there), else in a new one.
async function openPage(path) {
  const url = new URL(path || "/", self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === self.location.origin);
  const same = ours.find((client) => client.url === url);
  if (same) return same.focus();
  const open = ours[0];
  if (!open) return self.clients.openWindow(url);
  try {
    const taken = await open.navigate(url);
    // Focusing is allowed while a tap is being handled; it is no reason to open another tab.
    await taken?.focus().catch(() => undefined);
    return taken;
  } catch {
    // A tab this worker does not control cannot be taken elsewhere.
    return self.clients.openWindow(url);
  }
}

// The open tabs come under this worker as soon as it runs, so a tap can take them to its page.
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openPage(event.notification.data?.url));
});
