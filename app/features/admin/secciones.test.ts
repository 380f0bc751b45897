import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISOS } from '#domain/shared/permisos.ts';
import { SECCIONES, menuPara, rutaCompleta, seccionDeRuta } from './secciones.ts';

describe('el registro de secciones del panel', () => {
  it('cada página existe, y cada dirección e id de ruta es de una sola página', () => {
    const paginas = SECCIONES.flatMap((s) => s.paginas);
    for (const p of paginas) expect(fs.existsSync(path.join('app', p.archivo)), p.archivo).toBe(true);
    const rutas = paginas.map(rutaCompleta);
    expect(new Set(rutas).size).toBe(rutas.length);
    const ids = paginas.map((p) => p.id ?? p.archivo);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(SECCIONES.map((s) => s.id)).size).toBe(SECCIONES.length);
  });

  it('las subidas sólo en secciones que dicen a quién no se las aceptan', () => {
    for (const s of SECCIONES) if (s.paginas.some((p) => p.subida)) expect(s.subidas?.prohibido, s.id).toBeTruthy();
  });

  it('la guardia encuentra la sección por el pattern de React Router, con o sin barra inicial', () => {
    expect(seccionDeRuta(SECCIONES, 'admin/ordenanzas/:id')?.id).toBe('ordenanzas');
    expect(seccionDeRuta(SECCIONES, '/admin/solicitudes/:codigo')?.roles).toBe(PERMISOS.mesa);
    expect(seccionDeRuta(SECCIONES, 'admin')?.id).toBe('inicio');
    expect(seccionDeRuta(SECCIONES, 'admin/no-existe')).toBeUndefined();
  });

  it('el menú de cada rol, en el orden de sus grupos', () => {
    expect(menuPara(SECCIONES, 'mesa-de-entradas').map((e) => e.texto)).toEqual([
      'Inicio',
      'Solicitudes',
      'Reclamos',
      'Plantillas de reclamos',
      'Correo',
      'Mi cuenta',
    ]);
    expect(menuPara(SECCIONES, 'administrador').map((e) => e.href)).toEqual([
      '/admin',
      '/admin/solicitudes',
      '/admin/reclamos',
      '/admin/reclamos/plantillas',
      '/admin/ordenanzas',
      '/admin/boletines',
      '/admin/estados-contables',
      '/admin/sueldos',
      '/admin/gobierno',
      '/admin/publicaciones',
      '/admin/busquedas',
      '/admin/recoleccion',
      '/admin/correo',
      '/admin/usuarios',
      '/admin/auditoria',
      '/admin/feriados',
      '/admin/datos-personales',
      '/admin/vehiculos',
      '/admin/reclamos/categorias',
      '/admin/ajustes',
      '/admin/cuenta',
    ]);
  });
});
