import { desc, eq } from 'drizzle-orm';
import { ordenanzas } from '#db/schema/index.ts';
import { createBoletinAdmin } from '#domain/boletines/admin.ts';
import { addDecretoBoletin } from '#domain/boletines/decretos-admin.ts';
import { addOrdenanzaBoletin, getTextosBoletin, saveTextosBoletin } from '#domain/boletines/contenido-admin.ts';
import { createFinanzasAdmin } from '#domain/finanzas/admin.ts';
import { TIPOS_ESTADO_CONTABLE } from '#domain/finanzas/campos.ts';
import { addDocumentoAdmin, addImagenAdmin, savePresentacion } from '#domain/gobierno/observatorio-admin.ts';
import { actualUnico, createPanel, getPanel, updatePanel } from '#domain/gobierno/panel.ts';
import { tipoPanel } from '#domain/gobierno/panel-tipos.ts';
import { ACTOR_SISTEMA, actorHistorico } from '#domain/shared/actor.ts';
import { monthName } from '#domain/shared/meses.ts';
import { generarPng } from '#db/factories/imagen.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { createRandom } from './random.ts';
import * as datos from './gobierno-datos.ts';
import type { SeedContext, Seeder } from './seeder.ts';
import { formatNumber } from '#domain/shared/formato.ts';

/** The demo covers the 24 months from November 2024 to October 2026. */
const PERIODOS_DEMO = Array.from({ length: 24 }, (_, i) => ({ anio: 2024 + Math.floor((10 + i) / 12), mes: ((10 + i) % 12) + 1 }));
const subidoEl = (anio: number, mes: number, dia: number) => new Date(Date.UTC(mes === 12 ? anio + 1 : anio, mes === 12 ? 0 : mes, dia, 13, 0, 0));

/** A PDF as the back-office form sends it. */
const pdfDe = (data: Uint8Array, nombreArchivo: string) => new File([data.slice()], nombreArchivo, { type: 'application/pdf' });
/** A PNG image as the back-office form sends it. */
const pngDe = (data: Uint8Array, nombreArchivo: string) => new File([data.slice()], nombreArchivo, { type: 'image/png' });

/** A demo write that was not saved stops the demo (docs/decisions/047-carga-historica.md). */
function guardado<R extends { tipo: string }>(resultado: R, que: string): Extract<R, { tipo: 'guardado' }> {
  if (resultado.tipo !== 'guardado') throw new Error(`${que} de demostración: ${JSON.stringify(resultado)}`);
  return resultado as Extract<R, { tipo: 'guardado' }>;
}

/** Adds an item of a Gobierno panel kind as staff do, with the form the browser sends; each one goes at the end of its group. */
async function alta(ctx: SeedContext, tipo: string, input: Record<string, string>): Promise<number> {
  const t = tipoPanel(tipo)!;
  return guardado(await createPanel(ctx.db, ACTOR_SISTEMA, t, input), `${t.uno} «${input[t.principal]}»`).id;
}

/** A kind with one current item (the executive, the council's presidency): changed in place when there is one, as its page does. */
async function guardarUnico(ctx: SeedContext, tipo: string, input: Record<string, string>): Promise<void> {
  const t = tipoPanel(tipo)!;
  const id = await actualUnico(ctx.db, t);
  const actual = id === undefined ? undefined : await getPanel(ctx.db, t, id);
  const r = actual
    ? await updatePanel(ctx.db, ACTOR_SISTEMA, t, actual.id, { ...input, version: actual.version })
    : await createPanel(ctx.db, ACTOR_SISTEMA, t, input);
  guardado(r, t.uno);
}

/**
 * Areas, executive, secretarías, council, strategic plan and the road observatory, through the
 * back-office's commands (validation, upload pipeline, audit as «El sistema»); the observatory's
 * documents as a historic load, with the date each was uploaded.
 */
export const seedGobierno: Seeder = {
  nombre: 'gobierno',
  async run(ctx) {
    // Each item goes at the end of its list: inserted in order, the public order is the data's.
    for (const area of datos.areas) await alta(ctx, 'areas', area);
    await guardarUnico(ctx, 'ejecutivo', datos.ejecutivoDemo);
    for (const s of datos.secretariasDemo) {
      const secretariaId = String(await alta(ctx, 'secretarias', s.secretaria));
      for (const sub of s.subSecretariaList) await alta(ctx, 'subsecretarias', { secretariaId, ...sub });
    }
    await guardarUnico(ctx, 'presidencia', datos.presidenciaDemo);
    for (const b of datos.bloquesDemo) {
      const bloqueId = String(await alta(ctx, 'bloques', { nombreBloque: b.nombreBloque, nombreSecretaria: b.nombreSecretaria }));
      for (const nombre of b.concejales) await alta(ctx, 'integrantes', { bloqueId, rol: 'concejal', nombre });
      for (const nombre of b.asesores) await alta(ctx, 'integrantes', { bloqueId, rol: 'asesor', nombre });
    }
    for (const e of datos.enlacesPlan) await alta(ctx, 'plan-estrategico', e);

    const logo = generarPng({ ancho: 240, alto: 150, cielo: [1, 145, 208], montana: [0, 120, 43], lago: [11, 61, 36], semilla: 3 });
    const presentacion = { texto: datos.textoObservatorio, archivo: pngDe(logo, 'logo-observatorio-vial.png') };
    guardado(await savePresentacion(ctx, ACTOR_SISTEMA, presentacion), 'la presentación del Observatorio Vial');
    for (const [i, img] of datos.imagenesGaleria.entries()) {
      const imagen = generarPng({ cielo: [...img.cielo], montana: [...img.montana], lago: [...img.lago], semilla: i + 1 });
      const entrada = { titulo: img.titulo, descripcion: img.descripcion, alt: img.alt, archivo: pngDe(imagen, `galeria-${i + 1}.png`) };
      guardado(await addImagenAdmin(ctx, ACTOR_SISTEMA, entrada), `la imagen de la galería «${img.titulo}»`);
    }
    const r = createRandom(40);
    for (const [i, { anio, mes }] of PERIODOS_DEMO.entries()) {
      const documento = await generarPdf({
        titulo: `Movimiento de pasajeros: ${monthName(mes)} ${anio}`,
        subtitulo: 'Terminal de Ómnibus de Villa La Angostura',
        parrafos: [`Arribos: ${r.entero(3000, 12000)} pasajeros. Partidas: ${r.entero(3000, 12000)} pasajeros. Servicios: ${r.entero(300, 900)}.`],
      });
      const actor = actorHistorico(datos.usuarios[i % datos.usuarios.length]!, subidoEl(anio, mes, 5));
      const entrada = {
        tipo: 'MOVIMIENTO_TERMINAL',
        mes: String(mes),
        anio: String(anio),
        archivo: pdfDe(documento, `movimiento-terminal-${anio}-${mes}.pdf`),
      };
      guardado(await addDocumentoAdmin(ctx, actor, entrada), `el movimiento de la Terminal ${mes}/${anio}`);
    }
    for (const [i, anio] of [2023, 2024, 2025].entries()) {
      const documento = await generarPdf({
        titulo: `Informe estadístico OSSIVI ${anio}`,
        subtitulo: 'Observatorio de Seguridad y Siniestralidad Vial',
        parrafos: [`Siniestros registrados: ${r.entero(40, 140)}. Lesionados: ${r.entero(10, 60)}. Controles de alcoholemia: ${r.entero(2000, 6000)}.`],
      });
      const actor = actorHistorico(datos.usuarios[i % datos.usuarios.length]!, new Date(Date.UTC(anio + 1, 2, 15)));
      const entrada = { tipo: 'INFORME_ESTADISTICO', mes: '', anio: String(anio), archivo: pdfDe(documento, `informe-ossivi-${anio}.pdf`) };
      guardado(await addDocumentoAdmin(ctx, actor, entrada), `el informe estadístico ${anio}`);
    }
  },
};

/**
 * Decrees some demo bulletins publish: typing one in Solicitud de Decretos shows the
 * offer of its bulletin (README, "Demo").
 */
const DECRETOS_PUBLICADOS_DEMO: Record<number, { numero: number; anio: number; descripcion: string; area: string }[]> = {
  313: [{ numero: 980, anio: 2025, descripcion: 'Fija el horario de verano de la administración municipal', area: 'Intendencia' }],
  323: [
    { numero: 1350, anio: 2026, descripcion: 'Declara de interés municipal la Fiesta Nacional de los Jardines', area: 'Turismo' },
    { numero: 1362, anio: 2026, descripcion: 'Aprueba el plan de poda del arbolado urbano 2026-2027', area: 'Ambiente' },
  ],
  324: [{ numero: 1385, anio: 2026, descripcion: 'Llama a Concurso de Precios N° 9/2026 para la compra de un tractor', area: 'Obras Públicas' }],
};

/**
 * 25 monthly official bulletins (Nº 301 of November 2024 to Nº 325 of November 2026), some with the
 * decrees they publish, through the commands staff use, each uploaded by a fictional member of staff
 * on its date (`actorHistorico`). The latest, Nº 325, is the current bulletin
 * (docs/decisions/050-un-solo-boletin.md): it carries the current texts, ordinances and decrees
 * (1421/2026 among them, which the decree form then offers).
 */
export const seedBoletines: Seeder = {
  nombre: 'boletines',
  async run(ctx) {
    const recientes = await ctx.db
      .select({ numero: ordenanzas.numero, anio: ordenanzas.anio, descripcion: ordenanzas.descripcion })
      .from(ordenanzas)
      .where(eq(ordenanzas.anio, 2026))
      .orderBy(desc(ordenanzas.numero))
      .limit(4);
    const periodos = [
      ...PERIODOS_DEMO.map((p) => ({ ...p, subido: subidoEl(p.anio, p.mes, 2) })),
      { anio: 2026, mes: 11, subido: new Date(Date.UTC(2026, 10, 27, 13)) },
    ];
    for (const [i, { anio, mes, subido }] of periodos.entries()) {
      const numero = 301 + i;
      const vigente = i === periodos.length - 1;
      const pdf = await generarPdf({
        titulo: `BOLETÍN OFICIAL N° ${numero}`,
        subtitulo: `${monthName(mes)} de ${anio}`,
        parrafos: [
          'Sección 1: Ordenanzas sancionadas por el Concejo Deliberante.',
          'Sección 2: Decretos del Departamento Ejecutivo.',
          'Sección 3: Licitaciones y concursos de precios.',
        ],
      });
      const actor = actorHistorico(datos.usuarios[i % datos.usuarios.length]!, subido);
      const entrada = { numero: String(numero), mes: String(mes), anio: String(anio), archivo: pdfDe(pdf, `boletin-oficial-${numero}.pdf`) };
      const { id } = guardado(await createBoletinAdmin(ctx, actor, entrada), `el Boletín Oficial N° ${numero}`);
      const decretos = vigente ? datos.decretosDemo : (DECRETOS_PUBLICADOS_DEMO[numero] ?? []).map((d) => ({ ...d, numero: `${d.numero}/${d.anio}` }));
      for (const d of decretos) {
        const decreto = { numero: d.numero, descripcion: d.descripcion, area: d.area };
        guardado(await addDecretoBoletin(ctx, actor, id, decreto), `el decreto ${decreto.numero} del Boletín Oficial N° ${numero}`);
      }
      if (!vigente) continue;
      const { version } = (await getTextosBoletin(ctx.db, id))!;
      guardado(
        await saveTextosBoletin(ctx.db, actor, id, { legales: datos.legalesDemo, licitaciones: datos.licitacionesDemo, version }),
        `los textos del Boletín Oficial N° ${numero}`,
      );
      for (const o of recientes) {
        const fila = { numero: `${o.numero}/${o.anio}`, titulo: o.descripcion, link: `/consulta-ordenanzas/${o.anio}/${o.numero}` };
        guardado(await addOrdenanzaBoletin(ctx, actor, id, fila), `la ordenanza ${fila.numero} del Boletín Oficial N° ${numero}`);
      }
    }
  },
};

/** A salary report records when it was uploaded, not by whom. */
const subidoPorElSitio = (el: Date) => actorHistorico(ACTOR_SISTEMA.nombre, el);

/**
 * Two years of monthly accounting statements (resources and expenses) and salary reports, through
 * the command staff use, each on its date (`actorHistorico`), a statement with a fictional uploader.
 */
export const seedFinanzas: Seeder = {
  nombre: 'finanzas',
  async run(ctx) {
    const r = createRandom(2024);
    for (const [i, { anio, mes }] of PERIODOS_DEMO.entries()) {
      for (const tipo of ['RECURSOS', 'GASTOS'] as const) {
        const pdf = await generarPdf({
          titulo: `${TIPOS_ESTADO_CONTABLE[tipo]}: ${monthName(mes)} ${anio}`,
          parrafos: [`Total del mes: $ ${formatNumber(r.entero(300, 900))} millones.`, 'Presupuesto vigente, devengado y percibido por partida.'],
        });
        const actor = actorHistorico(
          datos.usuarios[(i + (tipo === 'GASTOS' ? 1 : 0)) % datos.usuarios.length]!,
          subidoEl(anio, mes, tipo === 'RECURSOS' ? 10 : 11),
        );
        const entrada = { tipo, mes: String(mes), anio: String(anio), archivo: pdfDe(pdf, `estado-contable-${tipo.toLowerCase()}-${anio}-${mes}.pdf`) };
        guardado(await createFinanzasAdmin(ctx, actor, 'estados-contables', entrada), `el estado contable ${tipo} ${mes}/${anio}`);
      }
      const sueldo = await generarPdf({
        titulo: `Informe de sueldos: ${monthName(mes)} ${anio}`,
        parrafos: [`Agentes liquidados: ${r.entero(380, 420)}.`, 'Masa salarial por categoría y escalafón.'],
      });
      const entrada = { periodo: monthName(mes), anio: String(anio), archivo: pdfDe(sueldo, `sueldos-${anio}-${mes}.pdf`) };
      guardado(await createFinanzasAdmin(ctx, subidoPorElSitio(subidoEl(anio, mes, 8)), 'sueldos', entrada), `el informe de sueldos ${mes}/${anio}`);
      if (mes === 6 || mes === 12) {
        const periodo = mes === 6 ? 'Aguinaldo 1er semestre' : 'Aguinaldo 2do semestre';
        const sac = await generarPdf({ titulo: `Informe de sueldos: ${periodo} ${anio}`, parrafos: ['Sueldo anual complementario.'] });
        const entrada = { periodo, anio: String(anio), archivo: pdfDe(sac, `sueldos-sac-${anio}-${mes}.pdf`) };
        guardado(await createFinanzasAdmin(ctx, subidoPorElSitio(subidoEl(anio, mes, 20)), 'sueldos', entrada), `el informe de sueldos ${periodo} ${anio}`);
      }
    }
  },
};
