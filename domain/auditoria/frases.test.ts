import { describe, expect, it } from 'vitest';
import { ETIQUETAS_ESTADO } from '#domain/reclamos/etiquetas.ts';
import { ACCIONES_AUDITORIA, type AccionAuditoria, SECCIONES_AUDITORIA } from './acciones.ts';
import { type EntradaParaFrase, fraseDeAccion, fraseDeAuditoria, seccionDeAccion } from './frases.ts';

const nombres = new Map([
  [7, 'Ana Gómez'],
  [9, 'Bruno Epulef'],
]);
// 13:14 UTC is 10:14 in Buenos Aires.
const entrada = (e: Partial<EntradaParaFrase>): EntradaParaFrase => ({
  fecha: new Date('2026-11-28T13:14:00Z'),
  usuarioId: 7,
  actorEmail: 'ana@villalaangostura.gob.ar',
  accion: 'ordenanza.alta',
  entidad: 'ordenanza',
  entidadId: '12',
  antes: null,
  despues: null,
  ...e,
});

describe('las frases de la auditoría', () => {
  it('dice quién, qué y cuándo, en la hora de Buenos Aires', () => {
    expect(fraseDeAuditoria(entrada({ despues: { numero: 4211, anio: 2025 } }), nombres)).toBe(
      'Ana Gómez cargó la ordenanza 4211/2025 el 28/11/2026 a las 10:14',
    );
    // Just after midnight UTC is still the day before there.
    expect(fraseDeAuditoria(entrada({ fecha: new Date('2026-12-01T02:05:00Z'), accion: 'sesion.ingreso', entidad: 'usuario', entidadId: '7' }), nombres)).toBe(
      'Ana Gómez ingresó al panel el 30/11/2026 a las 23:05',
    );
  });

  it('lee los valores de después y, si faltan, los de antes; sin datos, la frase general', () => {
    expect(fraseDeAccion(entrada({ accion: 'ordenanza.retiro', antes: { numero: 12, anio: 2001 } }), nombres)).toBe('retiró la ordenanza 12/2001');
    expect(fraseDeAccion(entrada({ accion: 'ordenanza.cambio' }), nombres)).toBe('modificó una ordenanza');
    expect(fraseDeAccion(entrada({ accion: 'ordenanza.cambio', despues: { numero: 5 } }), nombres)).toBe('modificó una ordenanza');
    expect(fraseDeAccion(entrada({ accion: 'feriado.alta', despues: { fecha: '2026-09-14', nombre: 'Asueto municipal' } }), nombres)).toBe(
      'agregó el feriado del 14/09/2026 (Asueto municipal)',
    );
  });

  it('el sistema, una persona que ya no figura y la persona de la que trata la entrada', () => {
    expect(
      fraseDeAuditoria(
        entrada({
          usuarioId: null,
          actorEmail: null,
          accion: 'solicitud.anonimizada',
          entidad: 'solicitud_decreto',
          entidadId: 'VLA-1',
          despues: { motivo: 'retencion' },
        }),
        nombres,
      ),
    ).toBe('El sistema anonimizó la solicitud VLA-1 al vencer su plazo de conservación el 28/11/2026 a las 10:14');
    expect(fraseDeAuditoria(entrada({ usuarioId: 99, actorEmail: 'ex@villalaangostura.gob.ar', accion: 'sesion.salida' }), nombres)).toMatch(
      /^ex@villalaangostura\.gob\.ar cerró su sesión/,
    );
    expect(fraseDeAccion(entrada({ accion: 'usuario.rol', entidad: 'usuario', entidadId: '9', despues: { rol: 'mesa-de-entradas' } }), nombres)).toBe(
      'cambió el rol de Bruno Epulef a mesa de entradas',
    );
    expect(fraseDeAccion(entrada({ accion: 'usuario.rol', entidad: 'usuario', entidadId: '404', despues: { rol: 'editor' } }), nombres)).toBe(
      'cambió el rol de una persona',
    );
  });

  it('las variantes: estados de una solicitud, segundo factor, el boletín vigente y los paneles genéricos', () => {
    const solicitud = { entidad: 'solicitud_decreto', entidadId: 'VLA-7' };
    expect(fraseDeAccion(entrada({ ...solicitud, accion: 'solicitud.estado', despues: { estado: 'en_proceso' } }), nombres)).toBe(
      'pasó la solicitud VLA-7 a «En proceso»',
    );
    expect(fraseDeAccion(entrada({ ...solicitud, accion: 'solicitud.envio_decreto_publicado' }), nombres)).toBe(
      'envió el boletín que publicó el decreto pedido en la solicitud VLA-7',
    );
    expect(fraseDeAccion(entrada({ accion: 'usuario.segundo-factor', despues: { segundoFactor: true } }), nombres)).toBe(
      'activó el segundo factor en su cuenta',
    );
    expect(fraseDeAccion(entrada({ accion: 'usuario.segundo-factor', despues: { segundoFactor: false } }), nombres)).toBe(
      'desactivó el segundo factor de su cuenta',
    );
    expect(fraseDeAccion(entrada({ accion: 'boletin_vigente.cambio', entidad: 'boletin_vigente' }), nombres)).toBe('modificó los textos del boletín vigente');
    expect(fraseDeAccion(entrada({ accion: 'boletin_vigente.cambio', entidad: 'boletin_vigente_decreto', despues: { numero: '12/2026' } }), nombres)).toBe(
      'modificó el decreto del boletín vigente «12/2026»',
    );
    expect(fraseDeAccion(entrada({ accion: 'gobierno.alta', entidad: 'area_municipal', despues: { nombre: 'Turismo' } }), nombres)).toBe(
      'agregó el área «Turismo»',
    );
    expect(fraseDeAccion(entrada({ accion: 'gobierno.baja', entidad: 'hcd_bloque', antes: { nombreBloque: 'Vecinal' } }), nombres)).toBe(
      'borró el bloque «Vecinal»',
    );
  });

  it('un código que el catálogo no conoce (una fila vieja) se lee igual, en la sección «Otra»', () => {
    expect(fraseDeAccion(entrada({ accion: 'area.alta', entidad: 'area_municipal', entidadId: '1' }), nombres)).toBe(
      'registró «area.alta» sobre area_municipal 1',
    );
    expect(seccionDeAccion('area.alta')).toBe('Otra');
    expect(seccionDeAccion('ordenanza.alta')).toBe('Ordenanzas');
  });

  it('cada acción del catálogo tiene sección y se lee sin llaves ni «undefined», con datos y sin ellos', () => {
    const raras = ['{', '}', 'undefined', 'null', 'NaN'];
    for (const accion of Object.keys(ACCIONES_AUDITORIA) as AccionAuditoria[]) {
      const definicion = ACCIONES_AUDITORIA[accion];
      expect(Object.keys(SECCIONES_AUDITORIA)).toContain(definicion.seccion);
      // A template with values needs its sentence for rows without them.
      if (typeof definicion.frase === 'string' && /\{(?!entidad\})/.test(definicion.frase)) expect('sinDatos' in definicion, accion).toBe(true);
      for (const e of [entrada({ accion, entidadId: null }), entrada({ accion, entidad: 'otra_cosa', antes: 'texto', despues: [1, 2] })]) {
        const frase = fraseDeAccion(e, nombres);
        expect(frase.length, accion).toBeGreaterThan(5);
        for (const rara of raras) expect(frase, accion).not.toContain(rara);
      }
    }
  });

  // The audit keeps its own copy of a report's state labels: domain/auditoria may not import domain/reclamos,
  // which uses it (docs/architecture.md, «Módulos»). This keeps both saying the same.
  it('los estados de un reclamo se leen con las mismas palabras que en domain/reclamos/etiquetas.ts', () => {
    for (const [estado, etiqueta] of Object.entries(ETIQUETAS_ESTADO)) {
      const despues = { estado };
      expect(fraseDeAccion(entrada({ accion: 'reclamo.estado', entidad: 'reclamo', entidadId: 'RC-2026-7KQ-3XM-9PK', despues }), nombres), estado).toBe(
        `pasó el reclamo RC-2026-7KQ-3XM-9PK a «${etiqueta}»`,
      );
      expect(
        fraseDeAccion(
          entrada({ accion: 'reclamo.estado', entidad: 'reclamo', entidadId: 'RC-2026-7KQ-3XM-9PK', despues: { ...despues, reabierto: true } }),
          nombres,
        ),
        estado,
      ).toBe(`reabrió el reclamo RC-2026-7KQ-3XM-9PK como «${etiqueta}»`);
    }
  });
});
