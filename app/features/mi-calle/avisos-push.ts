type Opciones = {
  /** The service worker's address and scope (only /mi-calle/). */
  sw: string;
  alcance: string;
  /** The server's VAPID public key (base64url). */
  clave: string;
  sinSoporte: string;
  denegado: string;
  fallo: string;
};

/**
 * The island of /mi-calle/avisos (docs/architecture.md, «JavaScript sólo donde hace falta»): where
 * the browser can receive Web Push it shows the «en este navegador» choice, registers the service
 * worker and, when the form is sent with it chosen, asks for the permission, subscribes
 * (`userVisibleOnly`, the server's VAPID key) and sends the form with the subscription in its
 * hidden `push` field: the same POST a form without it makes. Where it cannot, it says so and the
 * mail stays. It runs in the browser as text (`Function.prototype.toString`): nothing outside it may be used.
 */
function avisosEnElNavegador(o: Opciones): void {
  const grupo = document.getElementById('avisos-push');
  const estado = document.getElementById('avisos-push-estado');
  const form = document.getElementById('form-avisos') as HTMLFormElement | null;
  if (!grupo || !estado || !form) return;
  const decir = (texto: string) => {
    estado.textContent = texto;
    estado.hidden = false;
  };
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return decir(o.sinSoporte);
  if (Notification.permission === 'denied') return decir(o.denegado);
  estado.hidden = true;
  grupo.hidden = false;
  const registro = navigator.serviceWorker.register(o.sw, { scope: o.alcance });
  form.addEventListener('submit', (evento) => {
    const marcado = form.elements.namedItem('cercania') as HTMLInputElement | null;
    const push = form.elements.namedItem('push') as HTMLInputElement | null;
    if (!marcado || !push || !marcado.checked || push.value) return;
    evento.preventDefault();
    registro
      .then((r) => r.pushManager.getSubscription().then((s) => s ?? r.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: o.clave })))
      .then((s) => {
        push.value = JSON.stringify(s);
        form.submit();
      })
      .catch(() => {
        marcado.checked = false;
        decir(Notification.permission === 'denied' ? o.denegado : o.fallo);
        estado.focus();
      });
  });
}

/** The script written into the page: the function above, called with its options. */
export function codigoAvisosEnElNavegador(opciones: Opciones): string {
  return `(${avisosEnElNavegador.toString()})(${JSON.stringify(opciones).replace(/</g, '\\u003c')});`;
}
