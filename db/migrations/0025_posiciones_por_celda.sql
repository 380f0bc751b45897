ALTER TABLE "cobertura_recoleccion" ADD COLUMN "avisada_en" timestamp with time zone;--> statement-breakpoint
-- «¿Cuándo pasó?» (domain/vehiculos/pasadas.ts): public positions by a grid cell of 1/500 of a
-- degree and time, newest first, with vehicle and coordinates in the index so a look-up reads no
-- table page. Only expands (docs/decisions/028-cierre-ordenado.md, «Migraciones compatibles»): the
-- running version never reads it. Migrations run in one transaction, where CONCURRENTLY cannot, and
-- while this builds the ingest waits: an installation with a month of positions builds it first,
-- with the same statement and CONCURRENTLY (docs/architecture.md, «Cobertura y retención de
-- posiciones»), and IF NOT EXISTS then makes this a no-op.
CREATE INDEX IF NOT EXISTS "posiciones_vehiculo_celda_idx" ON "posiciones_vehiculo" USING btree (((floor(latitud * 500) * 1000000 + floor(longitud * 500))::bigint), "hora_dispositivo" DESC) INCLUDE ("vehiculo_id", "latitud", "longitud") WHERE "publica";
