import { describe, expect, it } from 'vitest';
import { absoluteUrl } from './context.ts';

describe('absoluteUrl', () => {
  it('une SITE_URL y la ruta, también con SITE_URL bajo una carpeta', () => {
    expect(absoluteUrl('https://villalaangostura.gob.ar', '/sitemap.xml')).toBe('https://villalaangostura.gob.ar/sitemap.xml');
    expect(absoluteUrl('https://muni.example/sitio/', '/boletines-oficiales')).toBe('https://muni.example/sitio/boletines-oficiales');
    expect(absoluteUrl('https://villalaangostura.gob.ar', '')).toBe('https://villalaangostura.gob.ar');
  });

  it('una ruta sin barra inicial es un error nuestro, no un enlace a otro sitio', () => {
    expect(() => absoluteUrl('https://villalaangostura.gob.ar', 'evil.example/x')).toThrow(/barra inicial/);
    // Joined, not resolved: a path that looks like another host stays under ours.
    expect(new URL(absoluteUrl('https://villalaangostura.gob.ar', '//evil.example/x')).host).toBe('villalaangostura.gob.ar');
  });
});
