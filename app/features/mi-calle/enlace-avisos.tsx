import { SITE_NAME } from '#app/lib/meta.ts';
import type { VistaAviso } from '#domain/recoleccion/suscripciones.ts';

/** The page of a link that opens nothing: what happened and what to do. */
export function EnlaceAvisosInvalido({ tipo }: { tipo: 'no_encontrado' | 'vencido' }) {
  const titulo = tipo === 'vencido' ? 'El enlace venció' : 'Enlace no válido';
  return (
    <div className="contenedor pagina alertas-pagina">
      <title>{`${titulo} | ${SITE_NAME}`}</title>
      <h1>{titulo}</h1>
      <p>
        {tipo === 'vencido'
          ? 'Pasaron más de 7 días desde que pediste los avisos y ya no se pueden confirmar. Pedilos de nuevo desde Mi calle.'
          : 'Este enlace de avisos no existe o la suscripción ya se borró. Revisá que esté completo (a veces el correo lo corta en dos líneas) o pedí los avisos de nuevo.'}
      </p>
      <p>
        <a href="/mi-calle">Mi calle</a>
      </p>
    </div>
  );
}

/** What a subscription follows, in one sentence. */
export function describirAviso(v: VistaAviso): string {
  const canales = [
    v.recordatorio ? 'un recordatorio por correo la noche anterior' : '',
    v.cambios ? 'los cambios de la zona por correo' : '',
    v.push ? `un aviso en el navegador cuando el camión está a menos de ${v.radioM} m` : '',
  ].filter(Boolean);
  const servicios = v.servicios.map((s) => s.nombre).join(', ');
  return `Zona ${v.zona.nombre} (${servicios || 'sin servicios'}): ${canales.length > 0 ? canales.join('; ') : 'ningún aviso'}`;
}
