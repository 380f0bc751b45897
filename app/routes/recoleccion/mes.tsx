import { Link, data } from 'react-router';
import { appContext } from '#app/context.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { ClasePasada } from '#domain/recoleccion/calendario.ts';
import { rutaIcs, rutaMes } from '#domain/recoleccion/enlaces.ts';
import { calendarioDeZona, feriadosConNombre, getZona } from '#domain/recoleccion/queries.ts';
import { type Fecha, diaDeLaSemana, fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { formatLongDateWithWeekdayCapitalized } from '#domain/shared/formato.ts';
import estilos from '#app/styles/recoleccion-mes.scss?url';
import type { Route } from './+types/mes';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * A zone's collection month, to read and to print (docs/decisions/056-mi-calle.md): a table of the
 * month with the services that pass each day, the holidays and one-off changes, and the calendar
 * files to subscribe to. `?mes=AAAA-MM`, the current month by default, up to two years either way.
 */

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
/** The week as the town's calendars print it, Monday first. */
const DIAS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
const MESES_DE_ALCANCE = 24;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MES = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Months since year 0: the difference of two is how many months apart they are. */
const indiceMes = (mes: string) => Number(mes.slice(0, 4)) * 12 + Number(mes.slice(5, 7)) - 1;
const mesDeIndice = (i: number) => `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;
const nombreMes = (mes: string) => `${MESES[Number(mes.slice(5, 7)) - 1]} de ${mes.slice(0, 4)}`;

type ClaseDelDia = ClasePasada | 'suspendida';
type ServicioDelDia = { slug: string; nombre: string; horario: string; clase: ClaseDelDia };
type Dia = { fecha: Fecha; numero: number; feriado: string | null; servicios: ServicioDelDia[] };
type Nota = { fecha: Fecha; texto: string };

const horario = (desde: string | null, hasta: string | null) => (desde && hasta ? `de ${desde} a ${hasta}` : 'todo el día');

/** What a day of the table says after the service's name, for a day that is not the rule's. */
const ETIQUETA: Record<ClaseDelDia, string> = {
  habitual: '',
  trasladada: 'por feriado',
  guardia: 'recorrido de guardia',
  extra: 'pasada extra',
  suspendida: 'no pasa',
};

type Invalido = { tipo: 'invalido'; mensaje: string; zona: { slug: string; nombre: string }; mesActual: string };

async function cargar({ params, request, context }: Route.LoaderArgs) {
  const { db, clock } = context.get(appContext);
  const zona = SLUG.test(params.zona) && params.zona.length <= 60 ? await getZona(db, params.zona) : undefined;
  if (!zona) return data({ tipo: 'no_encontrada' as const }, { status: 404 });

  const mesActual = fechaEnArgentina(clock.now()).slice(0, 7);
  const pedido = new URL(request.url).searchParams.getAll('mes');
  const invalido = (mensaje: string) =>
    data<Invalido>({ tipo: 'invalido', mensaje, zona: { slug: zona.slug, nombre: zona.nombre }, mesActual }, { status: 400 });
  if (pedido.length > 1) return invalido('Indicá un solo mes.');
  const mes = pedido[0] ?? mesActual;
  if (!MES.test(mes)) return invalido('Indicá el mes como año y mes, por ejemplo 2026-12.');
  const distancia = indiceMes(mes) - indiceMes(mesActual);
  if (Math.abs(distancia) > MESES_DE_ALCANCE)
    return invalido(
      `El calendario llega hasta ${MESES_DE_ALCANCE} meses antes y después de este mes: elegí un mes entre ${nombreMes(mesDeIndice(indiceMes(mesActual) - MESES_DE_ALCANCE))} y ${nombreMes(mesDeIndice(indiceMes(mesActual) + MESES_DE_ALCANCE))}.`,
    );

  const desde = `${mes}-01`;
  const hasta = sumarDias(`${mesDeIndice(indiceMes(mes) + 1)}-01`, -1);
  const [calendarios, feriados] = await Promise.all([calendarioDeZona(db, zona, desde, hasta), feriadosConNombre(db, desde, hasta)]);

  const dias = new Map<Fecha, Dia>();
  for (let fecha = desde; fecha <= hasta; fecha = sumarDias(fecha, 1))
    dias.set(fecha, { fecha, numero: Number(fecha.slice(8)), feriado: feriados.get(fecha) ?? null, servicios: [] });
  // Holidays first on their day, then what each service does.
  const notas: Nota[] = [...feriados].map(([fecha, nombre]) => ({ fecha, texto: `Feriado: ${nombre}.` }));
  for (const servicio of zona.servicios) {
    const calendario = calendarios.get(servicio.id);
    if (!calendario) continue;
    for (const p of calendario.pasadas) {
      dias.get(p.fecha)?.servicios.push({ slug: servicio.slug, nombre: servicio.nombre, horario: horario(p.horaDesde, p.horaHasta), clase: p.clase });
      if (p.nota) notas.push({ fecha: p.fecha, texto: `${servicio.nombre}: ${p.clase === 'extra' ? `pasada extra (${p.nota})` : p.nota}.` });
    }
    for (const s of calendario.suspensiones) {
      dias.get(s.fecha)?.servicios.push({ slug: servicio.slug, nombre: servicio.nombre, horario: '', clase: 'suspendida' });
      notas.push({ fecha: s.fecha, texto: `${servicio.nombre}: no pasa. ${s.motivo}` });
    }
  }
  // Weeks from Monday: blanks before the 1st and after the last day.
  const celdas: (Dia | null)[] = [...Array<null>((diaDeLaSemana(desde) + 6) % 7).fill(null), ...dias.values()];
  while (celdas.length % 7) celdas.push(null);
  const semanas = Array.from({ length: celdas.length / 7 }, (_, i) => celdas.slice(i * 7, i * 7 + 7));

  const respuesta = {
    tipo: 'mes' as const,
    zona: { slug: zona.slug, nombre: zona.nombre, descripcion: zona.descripcion },
    servicios: zona.servicios.map((s) => ({ slug: s.slug, nombre: s.nombre, horario: horario(s.horaDesde, s.horaHasta) })),
    mes,
    anterior: distancia > -MESES_DE_ALCANCE ? mesDeIndice(indiceMes(mes) - 1) : null,
    siguiente: distancia < MESES_DE_ALCANCE ? mesDeIndice(indiceMes(mes) + 1) : null,
    semanas,
    notas: notas.sort((a, b) => a.fecha.localeCompare(b.fecha)),
  };
  // Without ?mes the page is this month's, which changes with the date: never kept by the page
  // cache (docs/decisions/007-cache-de-paginas.md), while each month's own address is.
  return pedido.length === 0 ? data(respuesta, { headers: { 'Cache-Control': 'no-cache' } }) : respuesta;
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

/** The loader's Cache-Control (this month's page: no-cache) reaches the answer. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: estilos }];

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (loaderData?.tipo === 'mes')
    return pageMeta(
      `Recolección en ${loaderData.zona.nombre}: ${nombreMes(loaderData.mes)}`,
      `Los días de recolección de ${nombreMes(loaderData.mes)} en la zona ${loaderData.zona.nombre} de Villa La Angostura, con feriados y cambios, para imprimir o suscribirse.`,
    );
  if (loaderData?.tipo === 'invalido')
    return [{ title: `Error: Recolección en ${loaderData.zona.nombre} | Municipalidad de Villa La Angostura` }, { name: 'robots', content: 'noindex' }];
  return pageMeta('Zona de recolección no encontrada', 'No hay una zona de recolección con esa dirección.');
};

function Suscribir({ zona, servicios }: { zona: { slug: string; nombre: string }; servicios: { slug: string; nombre: string; horario: string }[] }) {
  return (
    <section className="mes__suscribir" aria-labelledby="suscribir">
      <h2 id="suscribir">Agregalo a tu calendario</h2>
      <p>Suscribite desde la aplicación de calendario de tu teléfono o computadora: los feriados y los avisos de la Municipalidad se actualizan solos.</p>
      <ul>
        <li>
          <a href={rutaIcs(zona.slug)} type="text/calendar" download>
            {`Todos los servicios de ${zona.nombre} (iCalendar, .ics)`}
          </a>
        </li>
        {servicios.map((s) => (
          <li key={s.slug}>
            <a href={rutaIcs(zona.slug, s.slug)} type="text/calendar" download>
              {`Sólo ${s.nombre.toLocaleLowerCase('es-AR')} (iCalendar, .ics)`}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function MesDeRecoleccion({ loaderData }: Route.ComponentProps) {
  if (loaderData.tipo === 'no_encontrada') {
    return (
      <div className="contenedor pagina">
        <h1>Zona de recolección no encontrada</h1>
        <p>No hay una zona de recolección con esa dirección.</p>
        <p>
          <Link to="/mi-calle">Buscá tu zona en Mi calle</Link>
        </p>
      </div>
    );
  }
  if (loaderData.tipo === 'invalido') {
    return (
      <div className="contenedor pagina">
        <h1>{`Recolección en ${loaderData.zona.nombre}`}</h1>
        <div className="alert alert-danger" role="alert">
          <p className="mb-0">{loaderData.mensaje}</p>
        </div>
        <p>
          <Link to={`${rutaMes(loaderData.zona.slug)}?mes=${loaderData.mesActual}`}>{`Ver el calendario de ${nombreMes(loaderData.mesActual)}`}</Link>
        </p>
      </div>
    );
  }
  const { zona, servicios, mes, anterior, siguiente, semanas, notas } = loaderData;
  const titulo = nombreMes(mes);
  return (
    <div className="contenedor pagina mes">
      <h1>{`Recolección en ${zona.nombre}: ${titulo}`}</h1>
      {zona.descripcion ? <p className="mes__descripcion">{zona.descripcion}</p> : null}

      <nav className="mes__navegacion" aria-label="Otros meses">
        <ul>
          {anterior ? (
            <li>
              <Link to={`${rutaMes(zona.slug)}?mes=${anterior}`} rel="prev">
                <span aria-hidden="true">← </span>
                {nombreMes(anterior)}
              </Link>
            </li>
          ) : null}
          {siguiente ? (
            <li>
              <Link to={`${rutaMes(zona.slug)}?mes=${siguiente}`} rel="next">
                {nombreMes(siguiente)}
                <span aria-hidden="true"> →</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>

      {servicios.length === 0 ? (
        <p>Esta zona todavía no tiene servicios de recolección cargados.</p>
      ) : (
        <ul className="mes__servicios" aria-label="Servicios de la zona">
          {servicios.map((s) => (
            <li key={s.slug}>
              <strong>{s.nombre}</strong>
              {`: ${s.horario}`}
            </li>
          ))}
        </ul>
      )}

      <table className="mes__tabla">
        <caption>{`Recolección en ${zona.nombre}, ${titulo}`}</caption>
        <thead>
          <tr>
            {DIAS.map((d) => (
              <th key={d} scope="col">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {semanas.map((semana) => (
            <tr key={semana.find((d) => d)?.fecha}>
              {semana.map((dia, i) =>
                dia ? (
                  <td key={dia.fecha} data-dia={DIAS[i]} className={dia.feriado ? 'mes__dia mes__dia--feriado' : 'mes__dia'}>
                    <time className="mes__numero" dateTime={dia.fecha}>
                      {dia.numero}
                    </time>
                    {dia.feriado ? <span className="mes__feriado">Feriado</span> : null}
                    {dia.servicios.length > 0 ? (
                      <ul>
                        {dia.servicios.map((s) => (
                          <li key={s.slug} className={`mes__pasada mes__pasada--${s.clase}`}>
                            {s.nombre}
                            {ETIQUETA[s.clase] ? <span className="mes__etiqueta">{` (${ETIQUETA[s.clase]})`}</span> : null}
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                ) : (
                  <td key={`vacio-${i}`} className="mes__vacio" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>

      <section className="mes__notas" aria-labelledby="notas">
        <h2 id="notas">Feriados y cambios del mes</h2>
        {notas.length === 0 ? (
          <p>Este mes no hay feriados ni cambios: cada servicio pasa los días de siempre.</p>
        ) : (
          <ul>
            {notas.map((n, i) => (
              <li key={`${n.fecha}-${i}`}>
                <strong>{formatLongDateWithWeekdayCapitalized(n.fecha)}</strong>
                {`: ${n.texto}`}
              </li>
            ))}
          </ul>
        )}
      </section>

      <Suscribir zona={zona} servicios={servicios} />
    </div>
  );
}
