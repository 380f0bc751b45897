import { ExternalIcon } from '#app/components/icons.tsx';

export type EmployeeRedirectData = { etiqueta: string; enlace: string };

/**
 * What the employee-access form lands on. The page's meta refresh (route `meta`) sends the browser
 * on at once; the link is there for browsers that ignore it. An HTTP redirect would be simpler, but
 * the CSP's form-action 'self' also applies to where a form's redirect leads, so the browser would
 * block the external hop.
 */
export function EmployeeRedirectPage({ etiqueta, enlace }: EmployeeRedirectData) {
  return (
    <div className="contenedor redireccion">
      <h1>Acceso Empleados: {etiqueta}</h1>
      <p>Te estamos llevando al servicio de {etiqueta}. Si no avanza solo, usá este enlace:</p>
      <p>
        <a href={enlace} className="btn btn-primary">
          Continuar a {etiqueta}
          <ExternalIcon className="icono-externo" />
        </a>
      </p>
    </div>
  );
}
