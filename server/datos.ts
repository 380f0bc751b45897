import { stringify } from 'csv-stringify/sync';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CONJUNTOS,
  COBERTURA,
  type Distribucion,
  ICALENDAR,
  LICENCIA,
  LICENCIA_URL,
  PUBLICADO,
  PUBLICADOR,
  TEMAS,
  modificacionesDelCatalogo,
  ultimaModificacion,
} from '#domain/datos/catalogo.ts';
import { getConcejo, getEjecutivo, listSecretarias } from '#domain/gobierno/queries.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { celdaSegura } from '#domain/shared/csv.ts';
import { listDecretosPublicados } from '#domain/decretos/publicados.ts';
import { calendariosDelCatalogo } from '#domain/recoleccion/publicacion.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import { sendWithEtag } from './feeds.ts';

/** The national taxonomy of super-themes the profile asks the catalogue to name. */
const SUPER_THEME_TAXONOMY = 'http://datos.gob.ar/superThemeTaxonomy.json';

/**
 * The catalogue in the datos.gob.ar / Andino profile (Perfil de Metadatos del Paquete de Apertura
 * de Datos, based on DCAT and Project Open Data), from the one list of domain/datos/catalogo.ts,
 * every address absolute from url() (docs/decisions/025-datos-abiertos.md).
 */
export async function catalogoDcat(ctx: AppContext) {
  const [modificaciones, ajustes, calendarios] = await Promise.all([
    modificacionesDelCatalogo(ctx.db),
    getSiteSettingsForPages(ctx.db),
    calendariosDelCatalogo(ctx.db),
  ]);
  // The collection zones' calendars are as many as the zones staff define (docs/decisions/056-mi-calle.md).
  const extra: Record<string, Distribucion[]> = { recoleccion: calendarios.map((c) => ({ ...c, ...ICALENDAR })) };
  const publisher = { name: PUBLICADOR, mbox: ajustes.emailContacto };
  const comunes = { license: LICENCIA, language: ['spa'], spatial: COBERTURA };
  const modificado = ultimaModificacion(modificaciones) ?? new Date(PUBLICADO);
  const catalogo = {
    title: 'Datos abiertos de la Municipalidad de Villa La Angostura',
    description:
      'Los conjuntos de datos que publica el sitio de la Municipalidad de Villa La Angostura (Neuquén): normativa, autoridades, finanzas, Observatorio Vial y vehículos en servicio.',
    publisher,
    issued: PUBLICADO,
    modified: modificado.toISOString(),
    superThemeTaxonomy: SUPER_THEME_TAXONOMY,
    themeTaxonomy: TEMAS.map((t) => ({ ...t })),
    homepage: ctx.url('/datos'),
    rights: `Los datos se publican bajo la licencia ${LICENCIA} (${LICENCIA_URL}): podés usarlos, compartirlos y adaptarlos citando a la ${PUBLICADOR}.`,
    ...comunes,
    dataset: CONJUNTOS.map((c) => {
      const modified = (modificaciones.get(c.id) ?? modificado).toISOString();
      return {
        identifier: c.id,
        title: c.title,
        description: c.description,
        publisher,
        contactPoint: { fn: PUBLICADOR, hasEmail: ajustes.emailContacto },
        superTheme: c.superTheme,
        theme: c.theme,
        keyword: c.keyword,
        accrualPeriodicity: c.accrualPeriodicity,
        issued: PUBLICADO,
        modified,
        landingPage: ctx.url(c.landingPage),
        ...comunes,
        distribution: [...c.distribution, ...(extra[c.id] ?? [])].map((d) => ({
          identifier: d.id,
          title: d.title,
          description: d.description,
          downloadURL: ctx.url(d.downloadURL),
          accessURL: ctx.url(d.accessURL),
          format: d.format,
          mediaType: d.mediaType,
          fileName: d.fileName,
          issued: PUBLICADO,
          modified,
          license: LICENCIA,
        })),
      };
    }),
  };
  return { catalogo, modificado };
}

/** A small table as CSV (a byte-order mark for spreadsheets, formulas neutralised). */
function sendCsv(reply: FastifyReply, archivo: string, columnas: string[], filas: string[][]) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${archivo}"`)
    .header('cache-control', 'public, max-age=60')
    .send(
      stringify(
        filas.map((f) => f.map(celdaSegura)),
        { header: true, columns: columnas, bom: true },
      ),
    );
}

/**
 * /data.json and the CSV downloads the API did not have (authorities, council, the decrees the bulletins publish), for the
 * open-data catalogue.
 */
export function registerDatos(app: FastifyInstance, ctx: AppContext): void {
  app.get('/data.json', async (request, reply) => {
    const { catalogo, modificado } = await catalogoDcat(ctx);
    return sendWithEtag(request, reply, {
      type: 'application/json; charset=utf-8',
      body: JSON.stringify(catalogo),
      cacheControl: 'public, max-age=300',
      modified: modificado,
    });
  });

  app.get('/datos/autoridades.csv', async (_request, reply) => {
    const [ejecutivo, secretarias] = await Promise.all([getEjecutivo(ctx.db), listSecretarias(ctx.db)]);
    const filas: string[][] = [];
    if (ejecutivo) {
      filas.push(['Intendente', 'Intendencia', ejecutivo.intendenteNombre, ejecutivo.intendenteEmail, ejecutivo.intendenteTelefono]);
      filas.push(['Viceintendente', 'Intendencia', ejecutivo.viceIntendenteNombre, ejecutivo.viceIntendenteEmail, ejecutivo.viceIntendenteTelefono]);
    }
    for (const { secretaria: s, subSecretariaList } of secretarias) {
      filas.push(['Secretaría', s.nombre, s.secretarioNombre, s.secretarioEmail, s.secretarioTelefono]);
      for (const sub of subSecretariaList)
        filas.push(['Subsecretaría', sub.nombre, sub.subSecretarioNombre, sub.subSecretarioEmail, sub.subSecretarioTelefono]);
    }
    return sendCsv(reply, 'autoridades.csv', ['cargo', 'dependencia', 'nombre', 'email', 'telefono'], filas);
  });

  app.get('/datos/decretos-publicados.csv', async (_request, reply) => {
    const filas = (await listDecretosPublicados(ctx.db)).map((f) => [f.decreto, f.descripcion, f.area, f.boletin, ctx.url(f.enlace)]);
    return sendCsv(reply, 'decretos-publicados.csv', ['decreto', 'descripcion', 'area', 'boletin', 'documento'], filas);
  });

  app.get('/datos/concejo-deliberante.csv', async (_request, reply) => {
    const { presidencia: p, bloqueList } = await getConcejo(ctx.db);
    const filas: string[][] = [];
    if (p) {
      for (const [cargo, nombre] of [
        ['Presidente', p.nombrePresidente],
        ['Vicepresidente', p.nombreVicepresidente],
        ['Secretaría', p.nombreSecretaria],
        ['Prosecretaría', p.nombreProsecretaria],
        ['Secretaría de Digesto', p.nombreSecretariaDigesto],
      ] as const) {
        if (nombre) filas.push([cargo, 'Presidencia', nombre]);
      }
    }
    for (const { bloque, concejalesList, asesoresList } of bloqueList) {
      if (bloque.nombreSecetaria) filas.push(['Secretaría de bloque', bloque.nombreBloque, bloque.nombreSecetaria]);
      for (const c of concejalesList) filas.push(['Concejal', bloque.nombreBloque, c.nombre]);
      for (const a of asesoresList) filas.push(['Asesor', bloque.nombreBloque, a.nombre]);
    }
    return sendCsv(reply, 'concejo-deliberante.csv', ['cargo', 'bloque', 'nombre'], filas);
  });
}
