import { saveOrdenanza } from '#domain/ordenanzas/admin.ts';
import { etiquetaEstado } from '#domain/ordenanzas/estados.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { createRandom } from './random.ts';
import type { Seeder } from './seeder.ts';
import { firmantes, temaAleatorio } from './ordenanzas-datos.ts';

const CANTIDAD_ORDENANZAS_DEMO = 300;

/** About 300 fictional ordinances, 1985 to 2026, every status, some modifying earlier ones. */
export const seedOrdenanzas: Seeder = {
  nombre: 'ordenanzas',
  async run(ctx) {
    const r = createRandom(1985);
    const creadas: { id: number; numero: number; anio: number; descripcion: string }[] = [];
    let numero = 12;
    for (let i = 0; i < CANTIDAD_ORDENANZAS_DEMO; i++) {
      const anio = 1985 + Math.floor((i * (2026 - 1985 + 1)) / CANTIDAD_ORDENANZAS_DEMO);
      numero += r.entero(3, 25);
      const mes = anio === 2026 ? r.entero(1, 10) : r.entero(1, 12);
      const fechaEmision = `${anio}-${String(mes).padStart(2, '0')}-${String(r.entero(1, 28)).padStart(2, '0')}`;
      const estado = anio >= 2026 && r.probabilidad(0.5) ? 1 : r.elegir([2, 2, 2, 2, 2, 2, 3, 3, 4, 9]);
      const anterior = creadas.length > 10 && r.probabilidad(0.12) ? r.elegir(creadas) : undefined;
      const tema = temaAleatorio(r, anio);
      const descripcion = anterior
        ? `Modificación de la Ordenanza N° ${anterior.numero}/${anterior.anio}: ${anterior.descripcion.charAt(0).toLowerCase()}${anterior.descripcion.slice(1)}`
        : tema.descripcion;
      const expediente = anio < 1992 && r.probabilidad(0.6) ? null : `${r.entero(100, 9999)}-HCD-${anio}`;
      const pdf = await generarPdf({
        titulo: `ORDENANZA N° ${numero}/${anio}`,
        subtitulo: descripcion,
        parrafos: [
          `VISTO: ${expediente ? `el Expediente ${expediente}` : 'las actuaciones de referencia'}, y`,
          'CONSIDERANDO: que resulta necesario dictar la norma que regule la materia en el ejido de Villa La Angostura;',
          'Por ello, EL CONCEJO DELIBERANTE DE LA MUNICIPALIDAD DE VILLA LA ANGOSTURA SANCIONA CON FUERZA DE ORDENANZA:',
          ...tema.articulos.map((texto, n) => `Artículo ${n + 1}°: ${texto}`),
          `Artículo ${tema.articulos.length + 1}°: Comuníquese, publíquese en el Boletín Oficial, regístrese y cumplido, archívese.`,
          `Estado: ${etiquetaEstado(estado)}. Firmado: ${r.elegir(firmantes)}, Presidencia del Concejo Deliberante.`,
        ],
      });
      // The command staff use, with its checks, the upload pipeline and the audit («El sistema»).
      const guardada = await saveOrdenanza(ctx, ACTOR_SISTEMA, null, {
        numero: String(numero),
        anio: String(anio),
        estado: String(estado),
        fechaEmision,
        descripcion,
        expediente: expediente ?? '',
        modifica: anterior ? `${anterior.numero}/${anterior.anio}` : '',
        archivo: new File([pdf.slice()], `ordenanza-${numero}-${anio}.pdf`, { type: 'application/pdf' }),
      });
      if (guardada.tipo !== 'guardado') throw new Error(`ordenanza de demostración ${numero}/${anio}: ${JSON.stringify(guardada)}`);
      const id = guardada.id;
      creadas.push({ id, numero, anio, descripcion: tema.descripcion });
    }
  },
};
