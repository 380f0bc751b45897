-- Positions are written in batches (docs/decisions/015-seguimiento-de-vehiculos.md,
-- «Escritura por lotes»): one INSERT of many rows with ON CONFLICT DO NOTHING needs a unique index
-- on (vehiculo_id, hora_dispositivo), the index the trails already read. Duplicates written before
-- (two reports with the same time that raced before this index existed, a fix by hand) would make
-- the index fail: the earliest stored of each stays, the rest go.
DELETE FROM "posiciones_vehiculo" AS repetida
  USING "posiciones_vehiculo" AS primera
  WHERE repetida."vehiculo_id" = primera."vehiculo_id"
    AND repetida."hora_dispositivo" = primera."hora_dispositivo"
    AND repetida."id" > primera."id";--> statement-breakpoint
DROP INDEX "posiciones_vehiculo_hora_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "posiciones_vehiculo_hora_idx" ON "posiciones_vehiculo" USING btree ("vehiculo_id","hora_dispositivo" DESC NULLS LAST);--> statement-breakpoint
-- The announcement of migration 0011, once per INSERT statement instead of once per row: a batch
-- of hundreds of positions joins its vehicles once (a transition table), not a query per row.
-- Every stored position is still announced on posiciones_vehiculo, in the order of their ids, with
-- the same payload (domain/vehiculos/avisos.ts reads it); PostgreSQL delivers them at commit.
CREATE FUNCTION public.f_anunciar_posiciones_vehiculo() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      PERFORM pg_notify('posiciones_vehiculo', json_build_object(
        'id', p.id,
        'vehiculoId', v.id,
        'alias', v.alias,
        'icono', v.icono,
        'servicio', v.servicio,
        'activo', v.activo,
        'latitud', p.latitud,
        'longitud', p.longitud,
        'velocidadKmh', p.velocidad_kmh,
        'rumbo', p.rumbo,
        'hora', to_char(p.hora_dispositivo AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'publica', p.publica
      )::text)
      FROM nuevas p
      JOIN public.vehiculos v ON v.id = p.vehiculo_id
      ORDER BY p.id;
      RETURN NULL;
    END
  $$;
--> statement-breakpoint
DROP TRIGGER posiciones_vehiculo_aviso ON public.posiciones_vehiculo;--> statement-breakpoint
DROP FUNCTION public.f_anunciar_posicion_vehiculo();--> statement-breakpoint
CREATE TRIGGER posiciones_vehiculo_aviso AFTER INSERT ON public.posiciones_vehiculo
  REFERENCING NEW TABLE AS nuevas
  FOR EACH STATEMENT EXECUTE FUNCTION public.f_anunciar_posiciones_vehiculo();
