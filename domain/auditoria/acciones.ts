/**
 * Every action the audit log records, in one catalogue: its back-office section (the /admin URL
 * segment) and how to say it after the person's name («publicó la ordenanza {numero}/{anio}»).
 * `registrarAuditoria` takes only these codes, so a new write cannot record an action the audit
 * page cannot read. The codes are the ones already stored: they never change (migrations only
 * expand, docs/decisions/028); a label changes freely.
 *
 * A sentence is a template whose `{campo}` reads the entry's values after the change, then before
 * it; `{a|b}` takes the first one present; `{id}` is the entity's id, `{usuario}` the name of the
 * user an entry is about. When a value is missing (an older row), `sinDatos` says it instead.
 */

/** The sections of the back-office, as the audit page filters them. */
export const SECCIONES_AUDITORIA = {
  solicitudes: 'Solicitudes',
  ordenanzas: 'Ordenanzas',
  boletines: 'Boletines',
  'boletin-vigente': 'Boletín vigente',
  'estados-contables': 'Estados contables',
  sueldos: 'Sueldos',
  gobierno: 'Gobierno',
  observatorio: 'Observatorio vial',
  correo: 'Correo',
  usuarios: 'Usuarios',
  feriados: 'Feriados',
  'datos-personales': 'Datos personales',
  vehiculos: 'Vehículos',
  ajustes: 'Ajustes',
  cuenta: 'Mi cuenta e ingresos',
  importacion: 'Importación del sitio anterior',
  publicaciones: 'Publicaciones',
  recoleccion: 'Mi calle',
  'reclamos-catalogo': 'Catálogo de reclamos',
  'reclamos-plantillas': 'Plantillas de respuesta de reclamos',
  reclamos: 'Reclamos',
} as const;

export type SeccionAuditoria = keyof typeof SECCIONES_AUDITORIA;

export const esSeccionAuditoria = (seccion: string): seccion is SeccionAuditoria => Object.hasOwn(SECCIONES_AUDITORIA, seccion);

/** What a sentence reads: a value of the entry (after, then before), as text; a template filled the same way. */
export type ValoresAuditoria = { valor: (campo: string) => string | undefined; completar: (plantilla: string, sinDatos?: string) => string };

export type DefinicionAccion = {
  seccion: SeccionAuditoria;
  frase: string | ((v: ValoresAuditoria) => string);
  sinDatos?: string;
};

const si = (v: ValoresAuditoria, campo: string) => v.valor(campo) === 'true';

const ESTADOS_SOLICITUD: Record<string, string> = {
  recibida: 'Recibida',
  en_proceso: 'En proceso',
  rechazada: 'Rechazada',
  enviada: 'Documento enviado',
};

/**
 * A citizen report's states, as the audit reads them: the same words as ETIQUETAS_ESTADO of
 * domain/reclamos/etiquetas.ts, copied because domain/reclamos uses this module and may not be used
 * by it (docs/architecture.md, «Módulos»); the audit's phrase tests compare both.
 */
const ESTADOS_RECLAMO: Record<string, string> = {
  recibido: 'Recibido',
  en_curso: 'En curso',
  derivado: 'Derivado a otro organismo',
  resuelto: 'Resuelto',
  no_corresponde: 'No corresponde',
  duplicado: 'Duplicado',
};

/** The entities of the generic panels (gobierno, boletín vigente), with their article. */
export const ENTIDADES_AUDITORIA: Record<string, string> = {
  area_municipal: 'el área',
  ejecutivo: 'el Ejecutivo municipal',
  secretaria: 'la secretaría',
  subsecretaria: 'la subsecretaría',
  hcd_presidencia: 'la presidencia del Concejo Deliberante',
  hcd_bloque: 'el bloque',
  hcd_integrante: 'el integrante del Concejo Deliberante',
  plan_estrategico_enlace: 'el enlace del Plan Estratégico',
  boletin_vigente_ordenanza: 'la ordenanza del boletín vigente',
  boletin_vigente_decreto: 'el decreto del boletín vigente',
};

/** The generic panels' item, by its main field: «el área «Turismo»». */
const ITEM_PANEL = '{entidad} «{nombre|numero|titulo|intendenteNombre|nombrePresidente|nombreBloque}»';

const panel = (seccion: SeccionAuditoria) =>
  ({
    alta: { seccion, frase: `agregó ${ITEM_PANEL}`, sinDatos: 'agregó {entidad}' },
    cambio: { seccion, frase: `modificó ${ITEM_PANEL}`, sinDatos: 'modificó {entidad}' },
    baja: { seccion, frase: `borró ${ITEM_PANEL}`, sinDatos: 'borró {entidad}' },
    orden: { seccion, frase: 'movió {entidad} del puesto {posicion}', sinDatos: 'cambió el orden de {entidad}' },
  }) as const;

const gobierno = panel('gobierno');
const vigente = panel('boletin-vigente');

export const ACCIONES_AUDITORIA = {
  // Ordinances.
  'ordenanza.alta': { seccion: 'ordenanzas', frase: 'cargó la ordenanza {numero}/{anio}', sinDatos: 'cargó una ordenanza' },
  'ordenanza.cambio': { seccion: 'ordenanzas', frase: 'modificó la ordenanza {numero}/{anio}', sinDatos: 'modificó una ordenanza' },
  'ordenanza.retiro': { seccion: 'ordenanzas', frase: 'retiró la ordenanza {numero}/{anio}', sinDatos: 'retiró una ordenanza' },
  'ordenanza.restauracion': { seccion: 'ordenanzas', frase: 'restauró la ordenanza {numero}/{anio}', sinDatos: 'restauró una ordenanza' },
  'ordenanza.importacion': { seccion: 'ordenanzas', frase: 'importó {cantidad} ordenanzas desde un CSV', sinDatos: 'importó ordenanzas desde un CSV' },
  // Drafts and scheduled publications (docs/decisions/053-borradores-y-publicacion-programada.md).
  'publicacion.borrador': { seccion: 'publicaciones', frase: 'guardó como borrador «{titulo}»', sinDatos: 'guardó un borrador' },
  'publicacion.programada': { seccion: 'publicaciones', frase: 'programó la publicación de «{titulo}»', sinDatos: 'programó una publicación' },
  'publicacion.publicada': { seccion: 'publicaciones', frase: 'publicó «{titulo}», que estaba pendiente', sinDatos: 'publicó una publicación pendiente' },
  'publicacion.fallida': { seccion: 'publicaciones', frase: 'no pudo publicar «{titulo}»: {error}', sinDatos: 'no pudo publicar una publicación pendiente' },
  'publicacion.descarte': { seccion: 'publicaciones', frase: 'descartó el borrador «{titulo}»', sinDatos: 'descartó un borrador' },
  // Bulletins.
  'boletin.alta': { seccion: 'boletines', frase: 'publicó el boletín oficial {numero} ({mes}/{anio})', sinDatos: 'publicó un boletín oficial' },
  'boletin.cambio': { seccion: 'boletines', frase: 'modificó el boletín oficial {numero} ({mes}/{anio})', sinDatos: 'modificó un boletín oficial' },
  'boletin.baja': { seccion: 'boletines', frase: 'borró el boletín oficial {numero} ({mes}/{anio})', sinDatos: 'borró un boletín oficial' },
  'boletin.restauracion': { seccion: 'boletines', frase: 'restauró el boletín oficial {numero} ({mes}/{anio})', sinDatos: 'restauró un boletín oficial' },
  'boletin.decreto_alta': {
    seccion: 'boletines',
    frase: 'agregó el decreto {decreto} a un boletín oficial',
    sinDatos: 'agregó un decreto a un boletín oficial',
  },
  'boletin.decreto_baja': {
    seccion: 'boletines',
    frase: 'quitó el decreto {decreto} de un boletín oficial',
    sinDatos: 'quitó un decreto de un boletín oficial',
  },
  // What a bulletin publishes (docs/decisions/050-un-solo-boletin.md): its texts and its ordinances, and their order.
  'boletin.textos': { seccion: 'boletines', frase: 'modificó los textos legales y de licitaciones de un boletín oficial' },
  'boletin.ordenanza_alta': {
    seccion: 'boletines',
    frase: 'agregó la ordenanza {numero} a un boletín oficial',
    sinDatos: 'agregó una ordenanza a un boletín oficial',
  },
  'boletin.ordenanza_baja': {
    seccion: 'boletines',
    frase: 'quitó la ordenanza {numero} de un boletín oficial',
    sinDatos: 'quitó una ordenanza de un boletín oficial',
  },
  'boletin.ordenanza_orden': {
    seccion: 'boletines',
    frase: 'movió la ordenanza {numero} de un boletín oficial al puesto {posicion}',
    sinDatos: 'cambió el orden de las ordenanzas de un boletín oficial',
  },
  // The old, separate current bulletin (before docs/decisions/050-un-solo-boletin.md): its entries stay readable.
  // One code for the texts (entity boletin_vigente) and for an item of its lists (the generic panel).
  'boletin_vigente.cambio': {
    seccion: 'boletin-vigente',
    frase: (v) =>
      v.valor('entidad') === 'boletin_vigente' ? 'modificó los textos del boletín vigente' : v.completar(vigente.cambio.frase, vigente.cambio.sinDatos),
  },
  'boletin_vigente.alta': vigente.alta,
  'boletin_vigente.baja': vigente.baja,
  'boletin_vigente.orden': vigente.orden,
  // Decree-copy requests.
  'solicitud.estado': {
    seccion: 'solicitudes',
    frase: (v) => `pasó la solicitud ${v.valor('id') ?? ''} a «${ESTADOS_SOLICITUD[v.valor('estado') ?? ''] ?? v.valor('estado') ?? '?'}»`,
  },
  'solicitud.envio_decreto': { seccion: 'solicitudes', frase: 'envió el decreto pedido en la solicitud {id}', sinDatos: 'envió un decreto pedido' },
  'solicitud.envio_decreto_publicado': {
    seccion: 'solicitudes',
    frase: 'envió el boletín que publicó el decreto pedido en la solicitud {id}',
    sinDatos: 'envió el boletín que publicó un decreto pedido',
  },
  'solicitud.prorroga': { seccion: 'solicitudes', frase: 'prorrogó el plazo de la solicitud {id}', sinDatos: 'prorrogó el plazo de una solicitud' },
  'solicitud.anonimizada': {
    seccion: 'solicitudes',
    frase: (v) =>
      v.valor('motivo') === 'pedido_del_titular'
        ? `anonimizó la solicitud ${v.valor('id') ?? ''} a pedido de su titular`
        : `anonimizó la solicitud ${v.valor('id') ?? ''} al vencer su plazo de conservación`,
  },
  // Personal data.
  'datos_personales.exportacion': { seccion: 'datos-personales', frase: 'exportó los datos personales de un titular a su pedido' },
  'datos_personales.borrado': { seccion: 'datos-personales', frase: 'borró los datos personales de un titular a su pedido' },
  'ajuste.retencion': {
    seccion: 'datos-personales',
    frase: 'fijó en {dias} días la conservación de las solicitudes',
    sinDatos: 'cambió la conservación de las solicitudes',
  },
  // Finances.
  'estado_contable.alta': { seccion: 'estados-contables', frase: 'publicó un estado contable de {mes}/{anio}', sinDatos: 'publicó un estado contable' },
  'estado_contable.cambio': { seccion: 'estados-contables', frase: 'modificó un estado contable de {mes}/{anio}', sinDatos: 'modificó un estado contable' },
  'estado_contable.baja': { seccion: 'estados-contables', frase: 'borró un estado contable de {mes}/{anio}', sinDatos: 'borró un estado contable' },
  'estado_contable.restauracion': {
    seccion: 'estados-contables',
    frase: 'restauró un estado contable de {mes}/{anio}',
    sinDatos: 'restauró un estado contable',
  },
  'sueldo.alta': { seccion: 'sueldos', frase: 'publicó el informe de sueldos {periodo} {anio}', sinDatos: 'publicó un informe de sueldos' },
  'sueldo.cambio': { seccion: 'sueldos', frase: 'modificó el informe de sueldos {periodo} {anio}', sinDatos: 'modificó un informe de sueldos' },
  'sueldo.baja': { seccion: 'sueldos', frase: 'borró el informe de sueldos {periodo} {anio}', sinDatos: 'borró un informe de sueldos' },
  'sueldo.restauracion': { seccion: 'sueldos', frase: 'restauró el informe de sueldos {periodo} {anio}', sinDatos: 'restauró un informe de sueldos' },
  // Government.
  'gobierno.alta': gobierno.alta,
  'gobierno.cambio': gobierno.cambio,
  'gobierno.baja': gobierno.baja,
  'gobierno.orden': gobierno.orden,
  'observatorio.cambio': { seccion: 'observatorio', frase: 'modificó la presentación del Observatorio Vial' },
  'observatorio.imagen.alta': { seccion: 'observatorio', frase: 'agregó la imagen «{titulo}» a la galería', sinDatos: 'agregó una imagen a la galería' },
  'observatorio.imagen.cambio': {
    seccion: 'observatorio',
    frase: 'modificó la imagen «{titulo}» de la galería',
    sinDatos: 'modificó una imagen de la galería',
  },
  'observatorio.imagen.orden': {
    seccion: 'observatorio',
    frase: 'movió una imagen de la galería al puesto {posicion}',
    sinDatos: 'cambió el orden de la galería',
  },
  'observatorio.imagen.baja': { seccion: 'observatorio', frase: 'borró la imagen «{titulo}» de la galería', sinDatos: 'borró una imagen de la galería' },
  'observatorio.imagen.restauracion': {
    seccion: 'observatorio',
    frase: 'restauró la imagen «{titulo}» de la galería',
    sinDatos: 'restauró una imagen de la galería',
  },
  'observatorio.documento.alta': {
    seccion: 'observatorio',
    frase: 'publicó un documento del observatorio de {anio}',
    sinDatos: 'publicó un documento del observatorio',
  },
  'observatorio.documento.cambio': {
    seccion: 'observatorio',
    frase: 'modificó un documento del observatorio de {anio}',
    sinDatos: 'modificó un documento del observatorio',
  },
  'observatorio.documento.baja': {
    seccion: 'observatorio',
    frase: 'borró un documento del observatorio de {anio}',
    sinDatos: 'borró un documento del observatorio',
  },
  'observatorio.documento.restauracion': {
    seccion: 'observatorio',
    frase: 'restauró un documento del observatorio de {anio}',
    sinDatos: 'restauró un documento del observatorio',
  },
  // Mail, holidays, vehicles, settings.
  'correo.reintento': { seccion: 'correo', frase: 'volvió a poner en cola el correo {id}', sinDatos: 'volvió a poner en cola un correo' },
  'feriado.alta': { seccion: 'feriados', frase: 'agregó el feriado del {fecha} ({nombre})', sinDatos: 'agregó un feriado' },
  'feriado.cambio': { seccion: 'feriados', frase: 'modificó el feriado del {fecha} ({nombre})', sinDatos: 'modificó un feriado' },
  'feriado.baja': { seccion: 'feriados', frase: 'borró el feriado del {fecha} ({nombre})', sinDatos: 'borró un feriado' },
  'vehiculo.alta': { seccion: 'vehiculos', frase: 'agregó el vehículo «{alias}»', sinDatos: 'agregó un vehículo' },
  'vehiculo.cambio': { seccion: 'vehiculos', frase: 'modificó el vehículo «{alias}»', sinDatos: 'modificó un vehículo' },
  'vehiculo.baja': { seccion: 'vehiculos', frase: 'dio de baja el vehículo {id} del mapa', sinDatos: 'dio de baja un vehículo' },
  'vehiculo.reactivacion': { seccion: 'vehiculos', frase: 'volvió a mostrar el vehículo {id} en el mapa', sinDatos: 'volvió a mostrar un vehículo' },
  'vehiculo.retencion': {
    seccion: 'vehiculos',
    frase: 'fijó en {dias} días la conservación de las posiciones de los vehículos',
    sinDatos: 'cambió la conservación de las posiciones de los vehículos',
  },
  'ajustes.cambio': { seccion: 'ajustes', frase: 'cambió los ajustes del sitio' },
  'ajustes.segundo-factor': { seccion: 'ajustes', frase: 'cambió qué roles deben usar segundo factor' },
  // Users.
  'usuario.invitado': { seccion: 'usuarios', frase: 'invitó a {usuario|email} como {rol}', sinDatos: 'invitó a una persona' },
  'usuario.enlace-clave': {
    seccion: 'usuarios',
    frase: 'envió a {usuario} un enlace para elegir contraseña',
    sinDatos: 'envió un enlace para elegir contraseña',
  },
  'usuario.rol': { seccion: 'usuarios', frase: 'cambió el rol de {usuario} a {rol}', sinDatos: 'cambió el rol de una persona' },
  'usuario.desactivado': { seccion: 'usuarios', frase: 'desactivó la cuenta de {usuario}', sinDatos: 'desactivó una cuenta' },
  'usuario.reactivado': { seccion: 'usuarios', frase: 'reactivó la cuenta de {usuario}', sinDatos: 'reactivó una cuenta' },
  'usuario.bloqueo-levantado': { seccion: 'usuarios', frase: 'levantó el bloqueo de ingreso de {usuario}', sinDatos: 'levantó un bloqueo de ingreso' },
  'usuario.creado': { seccion: 'usuarios', frase: 'creó la cuenta de {usuario|email} como {rol}', sinDatos: 'creó una cuenta' },
  'usuario.demo': { seccion: 'usuarios', frase: 'creó la cuenta de demostración de {usuario|email}', sinDatos: 'creó una cuenta de demostración' },
  'usuario.primer-administrador': {
    seccion: 'usuarios',
    frase: 'creó la cuenta del primer administrador ({email})',
    sinDatos: 'creó la cuenta del primer administrador',
  },
  // One's own account and sign-ins.
  'usuario.clave-desde-enlace': { seccion: 'cuenta', frase: 'eligió su contraseña con el enlace recibido' },
  'usuario.clave': { seccion: 'cuenta', frase: 'cambió su contraseña' },
  'usuario.segundo-factor': {
    seccion: 'cuenta',
    frase: (v) => (si(v, 'segundoFactor') ? 'activó el segundo factor en su cuenta' : 'desactivó el segundo factor de su cuenta'),
  },
  'usuario.codigos-recuperacion': { seccion: 'cuenta', frase: 'generó códigos de recuperación nuevos' },
  'usuario.confirmacion-fallida': { seccion: 'cuenta', frase: 'no pudo confirmar su identidad para un cambio en su cuenta' },
  'token-api.creado': { seccion: 'cuenta', frase: 'creó el token de API «{nombre}»', sinDatos: 'creó un token de API' },
  'token-api.revocado': { seccion: 'cuenta', frase: 'revocó el token de API «{nombre}»', sinDatos: 'revocó un token de API' },
  'sesion.ingreso': { seccion: 'cuenta', frase: 'ingresó al panel' },
  'sesion.ingreso-fallido': {
    seccion: 'cuenta',
    frase: 'registró un intento fallido de ingreso a la cuenta de {usuario}',
    sinDatos: 'registró un intento fallido de ingreso',
  },
  'sesion.salida': { seccion: 'cuenta', frase: 'cerró su sesión' },
  'sesion.cerrada-desde-cuenta': { seccion: 'cuenta', frase: 'cerró {sesiones} sesiones desde su cuenta', sinDatos: 'cerró sesiones desde su cuenta' },
  // Mi calle: collection zones, their services and one-off changes (docs/decisions/056-mi-calle.md).
  'recoleccion.zona_alta': { seccion: 'recoleccion', frase: 'agregó la zona de recolección «{nombre}»', sinDatos: 'agregó una zona de recolección' },
  'recoleccion.zona_cambio': { seccion: 'recoleccion', frase: 'modificó la zona de recolección «{nombre}»', sinDatos: 'modificó una zona de recolección' },
  'recoleccion.zona_baja': { seccion: 'recoleccion', frase: 'borró la zona de recolección «{nombre}»', sinDatos: 'borró una zona de recolección' },
  'recoleccion.servicio_alta': { seccion: 'recoleccion', frase: 'agregó el servicio «{nombre}» de recolección', sinDatos: 'agregó un servicio de recolección' },
  'recoleccion.servicio_cambio': {
    seccion: 'recoleccion',
    frase: 'modificó el servicio «{nombre}» de recolección',
    sinDatos: 'modificó un servicio de recolección',
  },
  'recoleccion.servicio_baja': { seccion: 'recoleccion', frase: 'borró el servicio «{nombre}» de recolección', sinDatos: 'borró un servicio de recolección' },
  'recoleccion.cambio_alta': {
    seccion: 'recoleccion',
    frase: 'agregó un cambio de recolección para el {fecha} en {zona}: {motivo}',
    sinDatos: 'agregó un cambio de recolección',
  },
  'recoleccion.cambio_baja': {
    seccion: 'recoleccion',
    frase: 'borró el cambio de recolección del {fecha} en {zona}',
    sinDatos: 'borró un cambio de recolección',
  },
  'recoleccion.calles_importadas': { seccion: 'recoleccion', frase: 'cargó el índice de calles ({cantidad} tramos)', sinDatos: 'cargó el índice de calles' },
  // The catalogue of citizen reports: categories, outside bodies, answer templates and Open311 keys (docs/decisions/057-reclamos.md).
  'reclamos.categoria_alta': {
    seccion: 'reclamos-catalogo',
    frase: 'agregó la categoría de reclamos «{nombre}»',
    sinDatos: 'agregó una categoría de reclamos',
  },
  'reclamos.categoria_cambio': {
    seccion: 'reclamos-catalogo',
    frase: 'modificó la categoría de reclamos «{nombre}»',
    sinDatos: 'modificó una categoría de reclamos',
  },
  'reclamos.categoria_activada': {
    seccion: 'reclamos-catalogo',
    frase: 'volvió a ofrecer la categoría de reclamos «{nombre}»',
    sinDatos: 'volvió a ofrecer una categoría de reclamos',
  },
  'reclamos.categoria_desactivada': {
    seccion: 'reclamos-catalogo',
    frase: 'dejó de ofrecer la categoría de reclamos «{nombre}»',
    sinDatos: 'dejó de ofrecer una categoría de reclamos',
  },
  'reclamos.categoria_orden': {
    seccion: 'reclamos-catalogo',
    frase: 'movió la categoría de reclamos «{nombre}» al puesto {posicion}',
    sinDatos: 'cambió el orden de las categorías de reclamos',
  },
  'reclamos.organismo_alta': { seccion: 'reclamos-catalogo', frase: 'agregó el organismo «{nombre}» para derivar reclamos', sinDatos: 'agregó un organismo' },
  'reclamos.organismo_cambio': { seccion: 'reclamos-catalogo', frase: 'modificó el organismo «{nombre}»', sinDatos: 'modificó un organismo' },
  'reclamos.organismo_activado': { seccion: 'reclamos-catalogo', frase: 'volvió a ofrecer el organismo «{nombre}»', sinDatos: 'volvió a ofrecer un organismo' },
  'reclamos.organismo_desactivado': { seccion: 'reclamos-catalogo', frase: 'dio de baja el organismo «{nombre}»', sinDatos: 'dio de baja un organismo' },
  'reclamos.plantilla_alta': {
    seccion: 'reclamos-plantillas',
    frase: 'agregó la plantilla de respuesta «{nombre}» ({estado})',
    sinDatos: 'agregó una plantilla de respuesta',
  },
  'reclamos.plantilla_cambio': {
    seccion: 'reclamos-plantillas',
    frase: 'modificó la plantilla de respuesta «{nombre}» ({estado})',
    sinDatos: 'modificó una plantilla de respuesta',
  },
  'reclamos.plantilla_baja': {
    seccion: 'reclamos-plantillas',
    frase: 'borró la plantilla de respuesta «{nombre}» ({estado})',
    sinDatos: 'borró una plantilla de respuesta',
  },
  'reclamos.clave_emitida': { seccion: 'reclamos-catalogo', frase: 'emitió la clave de Open311 «{nombre}»', sinDatos: 'emitió una clave de Open311' },
  'reclamos.clave_revocada': { seccion: 'reclamos-catalogo', frase: 'revocó la clave de Open311 «{nombre}»', sinDatos: 'revocó una clave de Open311' },
  // Citizen reports: their state, who works on them, the bodies, duplicates, hiding, the reporter's answer (docs/decisions/057-reclamos.md).
  'reclamo.estado': {
    seccion: 'reclamos',
    frase: (v) =>
      `${v.valor('reabierto') === 'true' ? 'reabrió' : 'pasó'} el reclamo ${v.valor('id') ?? ''} ${v.valor('reabierto') === 'true' ? 'como' : 'a'} «${ESTADOS_RECLAMO[v.valor('estado') ?? ''] ?? v.valor('estado') ?? '?'}»`,
  },
  'reclamo.asignacion': {
    seccion: 'reclamos',
    frase: (v) => {
      const a = [v.valor('area'), v.valor('persona')].filter((x) => x !== undefined);
      return a.length === 0 ? `dejó sin asignar el reclamo ${v.valor('id') ?? ''}` : `asignó el reclamo ${v.valor('id') ?? ''} a ${a.join(' y ')}`;
    },
  },
  'reclamo.derivacion': { seccion: 'reclamos', frase: 'derivó el reclamo {id} a {organismo}', sinDatos: 'derivó un reclamo a otro organismo' },
  'reclamo.fusion': { seccion: 'reclamos', frase: 'marcó el reclamo {id} como duplicado del {original}', sinDatos: 'marcó un reclamo como duplicado' },
  'reclamo.ocultado': { seccion: 'reclamos', frase: 'ocultó el reclamo {id}: «{motivo}»', sinDatos: 'ocultó un reclamo' },
  'reclamo.mostrado': { seccion: 'reclamos', frase: 'volvió a mostrar el reclamo {id}', sinDatos: 'volvió a mostrar un reclamo' },
  'reclamo.consulta': {
    seccion: 'reclamos',
    frase: (v) =>
      v.valor('respuesta') === 'no'
        ? `reabrió el reclamo ${v.valor('id') ?? ''} porque quien lo reportó avisó que sigue sin resolverse`
        : `registró que quien reportó el reclamo ${v.valor('id') ?? ''} confirmó que se resolvió`,
  },
  // The migration from the old site.
  'importacion.tipo': { seccion: 'importacion', frase: 'importó «{id}» del sitio anterior', sinDatos: 'importó datos del sitio anterior' },
} as const satisfies Record<string, DefinicionAccion>;

export type AccionAuditoria = keyof typeof ACCIONES_AUDITORIA;

export const esAccionAuditoria = (accion: string): accion is AccionAuditoria => Object.hasOwn(ACCIONES_AUDITORIA, accion);

/** The codes of one section's actions, to filter the log by section. */
export const accionesDeSeccion = (seccion: SeccionAuditoria): AccionAuditoria[] =>
  (Object.keys(ACCIONES_AUDITORIA) as AccionAuditoria[]).filter((a) => ACCIONES_AUDITORIA[a].seccion === seccion);
