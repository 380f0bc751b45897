// What reading an uploaded file may cost (docs/decisions/037-extraccion-de-texto.md): a PDF's text is
// read on a thread of its own within a time and memory budget, and stored without text past it;
// an image with too many pixels is refused before it is decoded.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generarPdf, generarPdfQueSeInfla } from '#db/factories/pdf.ts';
import { LIMITES_EXTRACCION, extraerTextoPdf } from './pdf.ts';
import { IMAGEN_MAX_PIXELES, SubidaRechazadaError, TIPOS_IMAGEN, prepararSubida } from './subidas.ts';

describe('límites al leer lo que se sube', () => {
  it('un PDF común se lee en su hilo; uno dañado es ilegible; varios a la vez esperan su turno', async () => {
    const pdf = await generarPdf({ titulo: 'ORDENANZA N° 4000', parrafos: ['Sobre los arrayanes del bosque.'] });
    const leidos = await Promise.all([extraerTextoPdf(pdf), extraerTextoPdf(pdf), extraerTextoPdf(pdf.slice(0, 200))]);
    expect(leidos[0]).toMatchObject({ tipo: 'leido', paginas: 1 });
    expect(leidos[0]!.tipo === 'leido' && leidos[0]!.texto).toContain('Sobre los arrayanes del bosque.');
    expect(leidos[1]).toEqual(leidos[0]);
    expect(leidos[2]).toEqual({ tipo: 'ilegible' });
  });

  it('un PDF de 1 MB que se infla a 1 GiB se corta por memoria enseguida y se guarda sin texto; el hilo siguiente lee bien', async () => {
    const bomba = generarPdfQueSeInfla(1024 ** 3);
    expect(bomba.length).toBeLessThan(1.2 * 1024 * 1024);
    const antes = process.memoryUsage.rss();
    let pico = antes;
    const medir = setInterval(() => (pico = Math.max(pico, process.memoryUsage.rss())), 10);
    const inicio = Date.now();
    const r = await extraerTextoPdf(bomba);
    clearInterval(medir);
    expect(r).toEqual({ tipo: 'sin_texto', motivo: 'memoria' });
    expect(Date.now() - inicio).toBeLessThan(LIMITES_EXTRACCION.plazoMs);
    expect(pico - antes).toBeLessThan((LIMITES_EXTRACCION.memoriaMb + 60) * 1024 * 1024);

    const preparado = await prepararSubida({ data: bomba, nombreArchivo: 'boletin.pdf' }, { tipos: ['pdf'] });
    expect(preparado).toMatchObject({ tipo: 'pdf', texto: '', paginas: null });

    const comun = await extraerTextoPdf(await generarPdf({ titulo: 'BOLETÍN', parrafos: ['Después de la bomba.'] }));
    expect(comun).toMatchObject({ tipo: 'leido', paginas: 1 });
  });

  it('pasado el plazo, el hilo se corta y el PDF queda sin texto', async () => {
    const bomba = generarPdfQueSeInfla(1024 ** 3);
    expect(await extraerTextoPdf(bomba, { ...LIMITES_EXTRACCION, plazoMs: 50 })).toEqual({ tipo: 'sin_texto', motivo: 'tiempo' });
  });

  it('una imagen de 10.000 × 10.000 píxeles se rechaza con un mensaje en castellano, sin decodificarla', async () => {
    expect(IMAGEN_MAX_PIXELES).toBeLessThanOrEqual(50_000_000);
    const png = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const intento = prepararSubida({ data: new Uint8Array(png), nombreArchivo: 'plano.png' }, { tipos: TIPOS_IMAGEN });
    await expect(intento).rejects.toThrow(SubidaRechazadaError);
    await expect(intento).rejects.toThrow(
      'La imagen mide 10.000 × 10.000 píxeles (100 megapíxeles) y el máximo es de 40 megapíxeles: achicala (por ejemplo a 4.000 píxeles de ancho) y subila de nuevo.',
    );
  });
});
