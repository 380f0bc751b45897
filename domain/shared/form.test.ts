import { describe, expect, it } from 'vitest';
import { readForm, firstValues, typedValues } from './form.ts';
import { z } from './zod.ts';

const schema = z.object({
  nombre: z.string({ error: 'Escribí tu nombre.' }).trim().min(1, { error: 'Escribí tu nombre.' }).max(10, { error: 'Hasta 10 letras.' }),
  anio: z
    .string()
    .regex(/^\d{4}$/, { error: 'Cuatro cifras.' })
    .transform(Number)
    .pipe(z.number().min(1900, { error: 'Desde 1900.' }))
    .optional(),
});

describe('readForm', () => {
  it('datos válidos: los datos del esquema y lo escrito', () => {
    const r = readForm(schema, new URLSearchParams('nombre=%20Ana%20&anio=2020&otro=x'));
    expect(r).toEqual({ ok: true, datos: { nombre: 'Ana', anio: 2020 }, valores: { nombre: ' Ana ', anio: '2020' } });
  });

  it('el primer mensaje de cada campo, y lo escrito para mostrarlo de nuevo', () => {
    const r = readForm(schema, new URLSearchParams('nombre=&anio=85'));
    expect(r).toEqual({ ok: false, errores: { nombre: 'Escribí tu nombre.', anio: 'Cuatro cifras.' }, valores: { nombre: '', anio: '85' } });
  });

  it('un campo que falta responde con el mensaje del esquema; sin valor que mostrar', () => {
    expect(readForm(schema, new FormData())).toEqual({ ok: false, errores: { nombre: 'Escribí tu nombre.' }, valores: {} });
  });

  it('una clave repetida vale por su primer valor', () => {
    const form = new FormData();
    form.append('nombre', 'Ana');
    form.append('nombre', 'un nombre demasiado largo');
    form.append('anio', '1800');
    form.append('anio', '2020');
    expect(readForm(schema, form)).toEqual({ ok: false, errores: { anio: 'Desde 1900.' }, valores: { nombre: 'Ana', anio: '1800' } });
  });

  it('valores que no son texto (un cuerpo JSON, un archivo): el esquema los juzga y no se muestran de nuevo', () => {
    const r = readForm(schema, { nombre: ['Ana'], anio: 2020 });
    expect(r).toEqual({ ok: false, errores: { nombre: 'Escribí tu nombre.', anio: 'Ingresá un texto.' }, valores: { anio: '2020' } });
    const form = new FormData();
    form.append('nombre', new File(['x'], 'nombre.txt'));
    expect(readForm(schema, form)).toMatchObject({ ok: false, errores: { nombre: 'Escribí tu nombre.' }, valores: {} });
  });

  it('una entrada que no es un objeto se lee como un formulario vacío', () => {
    expect(readForm(schema, null as unknown as Record<string, unknown>)).toMatchObject({ ok: false, errores: { nombre: 'Escribí tu nombre.' } });
    expect(readForm(schema, ['Ana'] as unknown as Record<string, unknown>)).toMatchObject({ ok: false, errores: { nombre: 'Escribí tu nombre.' } });
  });

  it('el esquema ve el valor entero; lo que se muestra de nuevo se corta', () => {
    const r = readForm(schema, { nombre: 'a'.repeat(50) }, { largo: 20 });
    expect(r).toEqual({ ok: false, errores: { nombre: 'Hasta 10 letras.' }, valores: { nombre: 'a'.repeat(20) } });
  });

  it('caminos anidados: el error es del campo que los nombra primero; sin camino, es general', () => {
    const fechas = z
      .object({
        periodo: z.object({ desde: z.string().min(1, { error: 'Indicá desde cuándo.' }) }),
        etiquetas: z.array(z.string().max(3, { error: 'Hasta 3 letras.' })),
      })
      .refine((v) => v.etiquetas.length < 3, { error: 'Demasiadas etiquetas en total.' });
    const r = readForm(fechas, { periodo: { desde: '' }, etiquetas: ['ab', 'abcd'] });
    expect(r).toEqual({ ok: false, errores: { periodo: 'Indicá desde cuándo.', etiquetas: 'Hasta 3 letras.' }, valores: {} });
    const general = readForm(fechas, { periodo: { desde: 'ayer' }, etiquetas: ['a', 'b', 'c'] });
    expect(general).toEqual({ ok: false, errores: {}, general: 'Demasiadas etiquetas en total.', valores: {} });
  });
});

describe('firstValues y typedValues', () => {
  it('una clave __proto__ es un campo más, no el prototipo', () => {
    const objeto = firstValues(new URLSearchParams('__proto__=x&nombre=Ana'));
    expect(objeto.__proto__).toBe('x');
    expect(Object.keys(objeto)).toEqual(['__proto__', 'nombre']);
    expect(({} as Record<string, unknown>).nombre).toBeUndefined();
  });

  it('números y booleanos se muestran como se leen; listas, objetos y null no', () => {
    expect(typedValues({ a: 12, b: true, c: null, d: [1], e: { x: 1 }, f: 'texto' }, ['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toEqual({
      a: '12',
      b: 'true',
      f: 'texto',
    });
  });
});
