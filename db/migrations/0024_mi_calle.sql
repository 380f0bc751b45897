CREATE TABLE "avisos_recoleccion" (
	"suscripcion_id" integer NOT NULL,
	"servicio_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"clase" text NOT NULL,
	"enviado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avisos_recoleccion_suscripcion_id_servicio_id_fecha_clase_pk" PRIMARY KEY("suscripcion_id","servicio_id","fecha","clase")
);
--> statement-breakpoint
CREATE TABLE "calles_recoleccion" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"nombre_normalizado" text NOT NULL,
	"desde" integer NOT NULL,
	"hasta" integer NOT NULL,
	"geometria" jsonb NOT NULL,
	CONSTRAINT "calles_recoleccion_numeros" CHECK ("calles_recoleccion"."desde" >= 0 and "calles_recoleccion"."desde" <= "calles_recoleccion"."hasta")
);
--> statement-breakpoint
CREATE TABLE "cambios_recoleccion" (
	"id" serial PRIMARY KEY NOT NULL,
	"zona_id" integer NOT NULL,
	"servicio_id" integer,
	"fecha" date NOT NULL,
	"tipo" text NOT NULL,
	"motivo" text NOT NULL,
	"hora_desde" text,
	"hora_hasta" text,
	"creado_por" integer,
	"avisado_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cambios_recoleccion_tipo" CHECK ("cambios_recoleccion"."tipo" in ('suspendido', 'pasada_extra')),
	CONSTRAINT "cambios_recoleccion_motivo" CHECK (btrim("cambios_recoleccion"."motivo") <> '' and length("cambios_recoleccion"."motivo") <= 300),
	CONSTRAINT "cambios_recoleccion_ventana" CHECK (("cambios_recoleccion"."hora_desde" is null) = ("cambios_recoleccion"."hora_hasta" is null))
);
--> statement-breakpoint
CREATE TABLE "cobertura_recoleccion" (
	"servicio_id" integer NOT NULL,
	"fecha" date NOT NULL,
	"cubierta" boolean NOT NULL,
	"posiciones" integer DEFAULT 0 NOT NULL,
	"vehiculo_id" integer,
	"primera" timestamp with time zone,
	"ultima" timestamp with time zone,
	"calculada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cobertura_recoleccion_servicio_id_fecha_pk" PRIMARY KEY("servicio_id","fecha")
);
--> statement-breakpoint
CREATE TABLE "servicios_recoleccion" (
	"id" serial PRIMARY KEY NOT NULL,
	"zona_id" integer NOT NULL,
	"slug" text NOT NULL,
	"nombre" text NOT NULL,
	"regla" text NOT NULL,
	"desde" date NOT NULL,
	"hora_desde" text,
	"hora_hasta" text,
	"feriado" text DEFAULT 'sin_servicio' NOT NULL,
	"guardia" text,
	"servicio_vehiculo" text DEFAULT 'recoleccion' NOT NULL,
	"supervisor_email" text,
	"orden" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "servicios_recoleccion_slug" CHECK ("servicios_recoleccion"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("servicios_recoleccion"."slug") <= 60),
	CONSTRAINT "servicios_recoleccion_nombre" CHECK (btrim("servicios_recoleccion"."nombre") <> '' and length("servicios_recoleccion"."nombre") <= 80),
	CONSTRAINT "servicios_recoleccion_feriado" CHECK ("servicios_recoleccion"."feriado" in ('sin_servicio', 'dia_habil_siguiente', 'guardia')),
	CONSTRAINT "servicios_recoleccion_ventana" CHECK (("servicios_recoleccion"."hora_desde" is null) = ("servicios_recoleccion"."hora_hasta" is null)),
	CONSTRAINT "servicios_recoleccion_vehiculo" CHECK ("servicios_recoleccion"."servicio_vehiculo" in ('recoleccion', 'vialidad'))
);
--> statement-breakpoint
CREATE TABLE "suscripciones_recoleccion" (
	"id" serial PRIMARY KEY NOT NULL,
	"zona_id" integer NOT NULL,
	"servicios" jsonb NOT NULL,
	"email" text,
	"email_huella" text,
	"punto" text NOT NULL,
	"radio_m" integer DEFAULT 300 NOT NULL,
	"recordatorio" boolean DEFAULT false NOT NULL,
	"cambios" boolean DEFAULT false NOT NULL,
	"push" text,
	"push_huella" text,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"token" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmada_en" timestamp with time zone,
	"baja_en" timestamp with time zone,
	CONSTRAINT "suscripciones_recoleccion_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "suscripciones_recoleccion_estado" CHECK ("suscripciones_recoleccion"."estado" in ('pendiente', 'activa', 'baja')),
	CONSTRAINT "suscripciones_recoleccion_radio" CHECK ("suscripciones_recoleccion"."radio_m" between 50 and 2000),
	CONSTRAINT "suscripciones_recoleccion_canal" CHECK ("suscripciones_recoleccion"."email" is not null or "suscripciones_recoleccion"."push" is not null)
);
--> statement-breakpoint
CREATE TABLE "zonas_recoleccion" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"geometria" jsonb NOT NULL,
	"min_latitud" double precision NOT NULL,
	"max_latitud" double precision NOT NULL,
	"min_longitud" double precision NOT NULL,
	"max_longitud" double precision NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zonas_recoleccion_slug_unique" UNIQUE("slug"),
	CONSTRAINT "zonas_recoleccion_slug" CHECK ("zonas_recoleccion"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("zonas_recoleccion"."slug") <= 60),
	CONSTRAINT "zonas_recoleccion_nombre" CHECK (btrim("zonas_recoleccion"."nombre") <> '' and length("zonas_recoleccion"."nombre") <= 80),
	CONSTRAINT "zonas_recoleccion_caja" CHECK ("zonas_recoleccion"."min_latitud" <= "zonas_recoleccion"."max_latitud" and "zonas_recoleccion"."min_longitud" <= "zonas_recoleccion"."max_longitud")
);
--> statement-breakpoint
ALTER TABLE "avisos_recoleccion" ADD CONSTRAINT "avisos_recoleccion_suscripcion_id_suscripciones_recoleccion_id_fk" FOREIGN KEY ("suscripcion_id") REFERENCES "public"."suscripciones_recoleccion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_recoleccion" ADD CONSTRAINT "avisos_recoleccion_servicio_id_servicios_recoleccion_id_fk" FOREIGN KEY ("servicio_id") REFERENCES "public"."servicios_recoleccion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambios_recoleccion" ADD CONSTRAINT "cambios_recoleccion_zona_id_zonas_recoleccion_id_fk" FOREIGN KEY ("zona_id") REFERENCES "public"."zonas_recoleccion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambios_recoleccion" ADD CONSTRAINT "cambios_recoleccion_servicio_id_servicios_recoleccion_id_fk" FOREIGN KEY ("servicio_id") REFERENCES "public"."servicios_recoleccion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cambios_recoleccion" ADD CONSTRAINT "cambios_recoleccion_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobertura_recoleccion" ADD CONSTRAINT "cobertura_recoleccion_servicio_id_servicios_recoleccion_id_fk" FOREIGN KEY ("servicio_id") REFERENCES "public"."servicios_recoleccion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobertura_recoleccion" ADD CONSTRAINT "cobertura_recoleccion_vehiculo_id_vehiculos_id_fk" FOREIGN KEY ("vehiculo_id") REFERENCES "public"."vehiculos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "servicios_recoleccion" ADD CONSTRAINT "servicios_recoleccion_zona_id_zonas_recoleccion_id_fk" FOREIGN KEY ("zona_id") REFERENCES "public"."zonas_recoleccion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suscripciones_recoleccion" ADD CONSTRAINT "suscripciones_recoleccion_zona_id_zonas_recoleccion_id_fk" FOREIGN KEY ("zona_id") REFERENCES "public"."zonas_recoleccion"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avisos_recoleccion_fecha_idx" ON "avisos_recoleccion" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "calles_recoleccion_nombre_idx" ON "calles_recoleccion" USING btree ("nombre_normalizado");--> statement-breakpoint
CREATE INDEX "cambios_recoleccion_zona_idx" ON "cambios_recoleccion" USING btree ("zona_id","fecha");--> statement-breakpoint
CREATE INDEX "cambios_recoleccion_sin_aviso_idx" ON "cambios_recoleccion" USING btree ("created_at") WHERE "cambios_recoleccion"."avisado_en" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "servicios_recoleccion_slug_idx" ON "servicios_recoleccion" USING btree ("zona_id","slug");--> statement-breakpoint
CREATE INDEX "suscripciones_recoleccion_zona_idx" ON "suscripciones_recoleccion" USING btree ("zona_id") WHERE "suscripciones_recoleccion"."estado" = 'activa';--> statement-breakpoint
CREATE INDEX "suscripciones_recoleccion_email_idx" ON "suscripciones_recoleccion" USING btree ("email_huella");--> statement-breakpoint
CREATE UNIQUE INDEX "suscripciones_recoleccion_push_idx" ON "suscripciones_recoleccion" USING btree ("push_huella");--> statement-breakpoint
-- Zones, services and one-off changes are what /mi-calle, the calendars and the printable months
-- show, all cacheable: a write to them empties the render cache (docs/decisions/007-cache-de-paginas.md).
-- The street index, the subscriptions, what was sent and the coverage are on no cached page.
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.zonas_recoleccion FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();--> statement-breakpoint
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.servicios_recoleccion FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();--> statement-breakpoint
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.cambios_recoleccion FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();
