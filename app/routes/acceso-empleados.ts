import { redirect } from 'react-router';
import { getSiteSettings } from '../../domain/sitio/settings.ts';
import { appContext } from '../context.ts';
import type { Route } from './+types/acceso-empleados';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { enlaces } = await getSiteSettings(db);
  const destinos: Record<string, string> = {
    'certificados-medicos': enlaces.chatCertificadosMedicos,
    'recursos-humanos': enlaces.chatRecursosHumanos,
    recibos: enlaces.recibosSueldo,
  };
  const destino = new URL(request.url).searchParams.get('destino') ?? '';
  return redirect(destinos[destino] ?? '/home', 303);
}
