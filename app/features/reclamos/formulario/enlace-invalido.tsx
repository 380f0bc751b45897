import { SITE_NAME } from '#app/lib/meta.ts';

/** The page of a reporter's link that opens nothing: what happened and what to do. */
export function EnlaceReclamoInvalido() {
  return (
    <div className="contenedor pagina">
      <title>{`Enlace no válido | ${SITE_NAME}`}</title>
      <h1>Enlace no válido</h1>
      <p>
        Este enlace no corresponde a ningún reclamo. Revisá que esté completo (a veces el correo lo corta en dos líneas) o buscá tu reclamo por su código en la
        lista.
      </p>
      <p>
        <a href="/reclamos">Reclamos</a> · <a href="/reclamos/nuevo">Hacer un reclamo</a>
      </p>
    </div>
  );
}
