/* global self */
// The service worker of browser push (decision 060): shows the order news the API pushes
// ({ title, body, url, tag }) and opens the order's page when the notification is clicked.
// Served from the site's root, so its scope is the whole site; it caches nothing.
self.addEventListener('push', (event) => {
  let message = { title: 'Permuta', body: '', url: '/', tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // not JSON: shown as it came
    message.body = event.data ? event.data.text() : '';
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/apple-touch-icon.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  // only our own pages
  if (target.origin !== self.location.origin) return;
  event.waitUntil(self.clients.openWindow(target.href));
});
