CREATE TABLE "posiciones_vehiculo" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vehiculo_id" integer NOT NULL,
	"latitud" double precision NOT NULL,
	"longitud" double precision NOT NULL,
	"velocidad_kmh" double precision,
	"rumbo" double precision,
	"altitud" double precision,
	"precision_m" double precision,
	"bateria" double precision,
	"hora_dispositivo" timestamp with time zone NOT NULL,
	"recibida_en" timestamp with time zone DEFAULT now() NOT NULL,
	"publica" boolean NOT NULL,
	CONSTRAINT "posiciones_vehiculo_latitud" CHECK ("posiciones_vehiculo"."latitud" between -90 and 90),
	CONSTRAINT "posiciones_vehiculo_longitud" CHECK ("posiciones_vehiculo"."longitud" between -180 and 180),
	CONSTRAINT "posiciones_vehiculo_velocidad" CHECK ("posiciones_vehiculo"."velocidad_kmh" is null or "posiciones_vehiculo"."velocidad_kmh" >= 0),
	CONSTRAINT "posiciones_vehiculo_rumbo" CHECK ("posiciones_vehiculo"."rumbo" is null or ("posiciones_vehiculo"."rumbo" >= 0 and "posiciones_vehiculo"."rumbo" < 360)),
	CONSTRAINT "posiciones_vehiculo_bateria" CHECK ("posiciones_vehiculo"."bateria" is null or ("posiciones_vehiculo"."bateria" >= 0 and "posiciones_vehiculo"."bateria" <= 100))
);
--> statement-breakpoint
CREATE TABLE "vehiculos" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"icono" text NOT NULL,
	"servicio" text NOT NULL,
	"dispositivo" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"proximo_reporte" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehiculos_dispositivo_unique" UNIQUE("dispositivo"),
	CONSTRAINT "vehiculos_alias" CHECK (btrim("vehiculos"."alias") <> '' and length("vehiculos"."alias") <= 80),
	CONSTRAINT "vehiculos_dispositivo" CHECK (btrim("vehiculos"."dispositivo") <> '' and length("vehiculos"."dispositivo") <= 100),
	CONSTRAINT "vehiculos_icono" CHECK ("vehiculos"."icono" in ('recolector', 'motoniveladora', 'camion', 'pala_cargadora', 'barredora', 'camioneta')),
	CONSTRAINT "vehiculos_servicio" CHECK ("vehiculos"."servicio" in ('recoleccion', 'vialidad'))
);
--> statement-breakpoint
ALTER TABLE "posiciones_vehiculo" ADD CONSTRAINT "posiciones_vehiculo_vehiculo_id_vehiculos_id_fk" FOREIGN KEY ("vehiculo_id") REFERENCES "public"."vehiculos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posiciones_vehiculo_hora_idx" ON "posiciones_vehiculo" USING btree ("vehiculo_id","hora_dispositivo" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posiciones_vehiculo_recibida_idx" ON "posiciones_vehiculo" USING btree ("recibida_en");--> statement-breakpoint
-- Every stored position is announced on the channel posiciones_vehiculo
-- (docs/decisions/015-seguimiento-de-vehiculos.md): every instance LISTENs and streams the public
-- ones to the live map. A trigger and not a call in the command, so positions written any other
-- way (the demo's seed, a fix by hand) are announced too. PostgreSQL delivers the notification at
-- commit, to every session listening, on any instance. The payload is small (an alias is at most
-- 80 characters; NOTIFY takes up to 8,000 bytes) and carries `publica`: a listener drops the
-- private ones. Times in UTC, whatever the session's time zone.
CREATE FUNCTION public.f_anunciar_posicion_vehiculo() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      PERFORM pg_notify('posiciones_vehiculo', json_build_object(
        'id', NEW.id,
        'vehiculoId', v.id,
        'alias', v.alias,
        'icono', v.icono,
        'servicio', v.servicio,
        'activo', v.activo,
        'latitud', NEW.latitud,
        'longitud', NEW.longitud,
        'velocidadKmh', NEW.velocidad_kmh,
        'rumbo', NEW.rumbo,
        'hora', to_char(NEW.hora_dispositivo AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'publica', NEW.publica
      )::text)
      FROM public.vehiculos v
      WHERE v.id = NEW.vehiculo_id;
      RETURN NULL;
    END
  $$;
--> statement-breakpoint
CREATE TRIGGER posiciones_vehiculo_aviso AFTER INSERT ON public.posiciones_vehiculo FOR EACH ROW EXECUTE FUNCTION public.f_anunciar_posicion_vehiculo();
