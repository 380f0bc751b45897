import { createElement } from 'react';
import { redirect } from 'react-router';
import { getSiteSettings } from '#domain/sitio/settings.ts';
import { EmployeeRedirectPage } from '#app/components/acceso-empleados/redirect-page.tsx';
import { appContext } from '#app/context.ts';
import { accesosEmpleados } from '#app/lib/acceso-empleados.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/acceso-empleados';

/**
 * The 'Acceso Empleados' banner's GET form lands here. A known `destino` gets a page that moves on
 * to the external service at once (see EmployeeRedirectPage for why not a redirect); anything
 * else goes back home.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { enlaces } = await getSiteSettings(db);
  const destino = new URL(request.url).searchParams.get('destino') ?? '';
  const acceso = accesosEmpleados.find((item) => item.destino === destino);
  if (!acceso) throw redirect('/home', 303);
  return { etiqueta: acceso.etiqueta, enlace: enlaces[acceso.enlace] };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(`Acceso Empleados: ${loaderData.etiqueta}`, `Ingreso del personal municipal a ${loaderData.etiqueta}.`),
  { httpEquiv: 'refresh', content: `0; url=${loaderData.enlace}` },
];

export default function AccesoEmpleados({ loaderData }: Route.ComponentProps) {
  return createElement(EmployeeRedirectPage, loaderData);
}
