// DATA_KEY_FILE: the data key read from a file, as systemd's LoadCredential and a container
// secret hand it over (docs/decisions/032-puesta-en-produccion.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/env.ts';

const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-clave-archivo-'));
afterAll(() => fs.rmSync(carpeta, { recursive: true, force: true }));

function archivo(nombre: string, contenido: string, modo = 0o600): string {
  const ruta = path.join(carpeta, nombre);
  fs.writeFileSync(ruta, contenido, { mode: modo });
  fs.chmodSync(ruta, modo);
  return ruta;
}

const produccion = { NODE_ENV: 'production', SITE_URL: 'https://sitio.gob.ar' };

describe('DATA_KEY_FILE', () => {
  it('lee la clave del archivo (hexadecimal o base64, con o sin salto de línea final)', () => {
    const hex = archivo('hex', `${'ab'.repeat(32)}\n`);
    expect(loadConfig({ ...produccion, DATA_KEY_FILE: hex }).dataKeys?.current).toEqual(Buffer.alloc(32, 0xab));
    const b64 = archivo('b64', Buffer.alloc(32, 9).toString('base64'));
    expect(loadConfig({ ...produccion, DATA_KEY_FILE: b64 }).dataKeys?.current).toEqual(Buffer.alloc(32, 9));
  });

  it('rechaza en castellano un archivo que no existe, uno que no se puede leer, uno sin clave y las dos variables juntas', () => {
    const falla = (env: Record<string, string>) => {
      try {
        loadConfig({ ...produccion, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('loadConfig aceptó la configuración');
    };
    const falta = path.join(carpeta, 'no-existe');
    expect(falla({ DATA_KEY_FILE: falta })).toBe(`Configuración inválida:\n  DATA_KEY_FILE: el archivo ${falta} no existe.`);
    expect(falla({ DATA_KEY_FILE: carpeta })).toContain(`DATA_KEY_FILE: el archivo ${carpeta} no se pudo leer (EISDIR)`);
    const corta = archivo('corta', 'abc\n');
    expect(falla({ DATA_KEY_FILE: corta })).toBe(
      `Configuración inválida:\n  DATA_KEY_FILE: el archivo ${corta} no tiene una clave de 256 bits (64 dígitos hexadecimales o 44 caracteres en base64).`,
    );
    const buena = archivo('buena', 'cd'.repeat(32));
    expect(falla({ DATA_KEY_FILE: buena, DATA_KEY: 'ef'.repeat(32) })).toContain('DATA_KEY_FILE: está también DATA_KEY; dejá una sola de las dos.');
    // Without either, the message names both ways.
    expect(falla({})).toContain('o DATA_KEY_FILE con la ruta del archivo que la tiene');
  });
});
