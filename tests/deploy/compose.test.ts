// deploy/compose.yaml, read as a container engine reads it (YAML with merge keys): the services,
// their health checks and the order they wait for, the secret, and no port open but Caddy's
// (docs/operacion.md, "Imagen de contenedor"). No engine runs containers on these machines.
import fs from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

type Servicio = {
  image: string;
  profiles?: string[];
  ports?: string[];
  expose?: string[];
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string; required?: boolean }>;
  stop_grace_period?: string;
  pull_policy?: string;
};
type Compose = { services: Record<string, Servicio>; secrets: Record<string, { file: string }>; volumes: Record<string, unknown> };

const compose = parse(fs.readFileSync('deploy/compose.yaml', 'utf8'), { merge: true }) as Compose;
const { services } = compose;
const sitios = ['sitio-1', 'sitio-2'] as const;
const construir = fs.readFileSync('deploy/imagen/construir.sh', 'utf8');

describe('deploy/compose.yaml', () => {
  it('tiene dos instancias del sitio, PostgreSQL 15, Caddy y, en el perfil s3, un almacenamiento S3 con su bucket', () => {
    expect(Object.keys(services).sort()).toEqual(['caddy', 'postgres', 's3', 's3-bucket', 'sitio-1', 'sitio-2']);
    expect(services.postgres!.image).toMatch(/postgres:15/);
    expect(services.caddy!.image).toMatch(/caddy:2/);
    expect(services.s3!.profiles).toEqual(['s3']);
    expect(services['s3-bucket']!.profiles).toEqual(['s3']);
    for (const nombre of ['sitio-1', 'sitio-2', 'postgres', 'caddy']) expect(services[nombre]!.profiles, nombre).toBeUndefined();
  });

  it('sólo Caddy publica puertos (80 y 443)', () => {
    for (const [nombre, servicio] of Object.entries(services)) {
      if (nombre === 'caddy') expect(servicio.ports).toEqual(['80:80', '443:443', '443:443/udp']);
      else expect(servicio.ports, nombre).toBeUndefined();
    }
  });

  it('cada servicio que queda corriendo tiene chequeo de salud, y cada uno espera a los que necesita sanos', () => {
    for (const [nombre, servicio] of Object.entries(services)) {
      if (nombre === 's3-bucket') continue;
      expect(servicio.healthcheck?.test[0], nombre).toBe('CMD');
    }
    for (const sitio of sitios) {
      expect(services[sitio]!.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
      // The bucket only exists with the s3 profile: optional, or compose refuses to start without it.
      expect(services[sitio]!.depends_on!['s3-bucket']).toEqual({ condition: 'service_completed_successfully', required: false });
    }
    expect(services.caddy!.depends_on).toEqual({ 'sitio-1': { condition: 'service_healthy' }, 'sitio-2': { condition: 'service_healthy' } });
    expect(services['s3-bucket']!.depends_on).toEqual({ s3: { condition: 'service_healthy' } });
  });

  it('las instancias usan la imagen de npm run imagen, su chequeo de salud y un cierre de 30 s', () => {
    for (const sitio of sitios) {
      const servicio = services[sitio]!;
      expect(servicio.image).toBe('municipalidad-vla:latest');
      expect(servicio.pull_policy).toBe('never');
      expect(servicio.stop_grace_period).toBe('30s');
      // The same check as the image's HEALTHCHECK, at the path the image has it.
      expect(servicio.healthcheck!.test).toEqual(['CMD', '/opt/municipalidad-vla/node_modules/.bin/node', '/opt/municipalidad-vla/deploy/imagen/salud.mjs']);
      expect(construir).toContain('--healthcheck "CMD $destino/node_modules/.bin/node $destino/deploy/imagen/salud.mjs"');
      expect(construir).toContain('readonly destino=/opt/municipalidad-vla');
      expect(construir).toContain('$nombre:latest"');
    }
  });

  it('la clave de datos llega como secreto, nunca como variable; SITE_URL, TRUST_PROXY y la base vienen de .env', () => {
    expect(compose.secrets).toEqual({ 'clave-datos': { file: './clave-datos' } });
    for (const sitio of sitios) {
      const servicio = services[sitio]!;
      expect(servicio.secrets).toEqual(['clave-datos']);
      expect(servicio.environment).toMatchObject({
        NODE_ENV: 'production',
        DATA_KEY_FILE: '/run/secrets/clave-datos',
        SITE_URL: 'https://${DOMINIO:?definí DOMINIO en .env}',
        TRUST_PROXY: 'uniquelocal,loopback',
      });
      expect(servicio.environment!.DATABASE_URL).toMatch(/^postgres:\/\/municipalidad:\$\{CLAVE_POSTGRES:\?[^}]+\}@postgres:5432\/municipalidad$/);
      expect(servicio.environment).not.toHaveProperty('DATA_KEY');
      // Both instances share the stored files.
      expect(servicio.volumes).toEqual(['archivos:/var/lib/municipalidad-vla']);
    }
    expect(services.postgres!.environment!.POSTGRES_PASSWORD).toBe('${CLAVE_POSTGRES:?definí CLAVE_POSTGRES en .env}');
    expect(services.caddy!.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});
