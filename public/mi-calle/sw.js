/*
 * The service worker of Mi calle's notifications (docs/architecture.md, «Mi calle: avisos»), scoped
 * to /mi-calle/: it shows what the server sends («el camión está cerca») and opens the resident's
 * page when the notification is clicked. The message arrives encrypted (RFC 8291); the browser
 * decrypts it before this code sees it.
 */
self.addEventListener('push', (event) => {
  let mensaje = {};
  try {
    mensaje = event.data ? event.data.json() : {};
  } catch {
    mensaje = {};
  }
  const titulo = typeof mensaje.titulo === 'string' ? mensaje.titulo : 'Mi calle';
  const cuerpo = typeof mensaje.cuerpo === 'string' ? mensaje.cuerpo : 'Hay novedades de la recolección en tu calle.';
  const url = typeof mensaje.url === 'string' && mensaje.url.startsWith('/mi-calle') ? mensaje.url : '/mi-calle';
  event.waitUntil(self.registration.showNotification(titulo, { body: cuerpo, lang: 'es-AR', data: { url } }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data && event.notification.data.url ? event.notification.data.url : '/mi-calle'));
});
