CREATE TABLE "categorias_reclamo" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"grupo" text DEFAULT '' NOT NULL,
	"aviso" text DEFAULT '' NOT NULL,
	"preguntas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"radio_duplicados_m" integer DEFAULT 50 NOT NULL,
	"plazo_dias_habiles" integer DEFAULT 10 NOT NULL,
	"area_id" integer,
	"servicio_vehiculo" text,
	"activa" boolean DEFAULT true NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categorias_reclamo_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "categorias_reclamo_radio" CHECK ("categorias_reclamo"."radio_duplicados_m" between 5 and 1000),
	CONSTRAINT "categorias_reclamo_servicio" CHECK ("categorias_reclamo"."servicio_vehiculo" in ('recoleccion', 'vialidad')),
	CONSTRAINT "categorias_reclamo_plazo" CHECK ("categorias_reclamo"."plazo_dias_habiles" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "claves_open311" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"clave_hash" text NOT NULL,
	"creada_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_uso" timestamp with time zone,
	"revocada_en" timestamp with time zone,
	CONSTRAINT "claves_open311_clave_hash_unique" UNIQUE("clave_hash")
);
--> statement-breakpoint
CREATE TABLE "fotos_reclamo" (
	"reclamo_id" integer NOT NULL,
	"orden" integer NOT NULL,
	"documento_id" integer NOT NULL,
	CONSTRAINT "fotos_reclamo_reclamo_id_orden_pk" PRIMARY KEY("reclamo_id","orden"),
	CONSTRAINT "fotos_reclamo_orden" CHECK ("fotos_reclamo"."orden" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "historial_reclamos" (
	"id" serial PRIMARY KEY NOT NULL,
	"reclamo_id" integer NOT NULL,
	"estado" text NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"respuesta" text DEFAULT '' NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	"organismo_id" integer,
	CONSTRAINT "historial_reclamos_estado" CHECK ("historial_reclamos"."estado" in ('recibido', 'en_curso', 'derivado', 'resuelto', 'no_corresponde', 'duplicado'))
);
--> statement-breakpoint
CREATE TABLE "organismos_reclamo" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"email" text NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organismos_reclamo_nombre_unique" UNIQUE("nombre")
);
--> statement-breakpoint
CREATE TABLE "plantillas_reclamo" (
	"id" serial PRIMARY KEY NOT NULL,
	"estado" text NOT NULL,
	"nombre" text NOT NULL,
	"texto" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plantillas_reclamo_estado" CHECK ("plantillas_reclamo"."estado" in ('recibido', 'en_curso', 'derivado', 'resuelto', 'no_corresponde', 'duplicado'))
);
--> statement-breakpoint
CREATE TABLE "reclamos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"categoria_id" integer NOT NULL,
	"estado" text DEFAULT 'recibido' NOT NULL,
	"descripcion" text NOT NULL,
	"latitud" double precision NOT NULL,
	"longitud" double precision NOT NULL,
	"direccion" text DEFAULT '' NOT NULL,
	"barrio" text DEFAULT '' NOT NULL,
	"respuestas" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"email" text,
	"email_huella" text,
	"nombre" text,
	"token" text,
	"token_hash" text,
	"seguir" boolean DEFAULT true NOT NULL,
	"area_id" integer,
	"asignado_a" integer,
	"organismo_id" integer,
	"derivado_en" timestamp with time zone,
	"duplicado_de" integer,
	"vence_el" date NOT NULL,
	"resuelto_en" timestamp with time zone,
	"consulta_enviada_en" timestamp with time zone,
	"oculto_en" timestamp with time zone,
	"oculto_motivo" text,
	"origen" text DEFAULT 'web' NOT NULL,
	"clave_open311_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reclamos_codigo_unique" UNIQUE("codigo"),
	CONSTRAINT "reclamos_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "reclamos_estado" CHECK ("reclamos"."estado" in ('recibido', 'en_curso', 'derivado', 'resuelto', 'no_corresponde', 'duplicado')),
	CONSTRAINT "reclamos_origen" CHECK ("reclamos"."origen" in ('web', 'open311')),
	CONSTRAINT "reclamos_latitud" CHECK ("reclamos"."latitud" between -90 and 90),
	CONSTRAINT "reclamos_longitud" CHECK ("reclamos"."longitud" between -180 and 180)
);
--> statement-breakpoint
ALTER TABLE "categorias_reclamo" ADD CONSTRAINT "categorias_reclamo_area_id_areas_municipales_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas_municipales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claves_open311" ADD CONSTRAINT "claves_open311_creada_por_usuarios_id_fk" FOREIGN KEY ("creada_por") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos_reclamo" ADD CONSTRAINT "fotos_reclamo_reclamo_id_reclamos_id_fk" FOREIGN KEY ("reclamo_id") REFERENCES "public"."reclamos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos_reclamo" ADD CONSTRAINT "fotos_reclamo_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historial_reclamos" ADD CONSTRAINT "historial_reclamos_reclamo_id_reclamos_id_fk" FOREIGN KEY ("reclamo_id") REFERENCES "public"."reclamos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamos" ADD CONSTRAINT "reclamos_categoria_id_categorias_reclamo_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias_reclamo"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamos" ADD CONSTRAINT "reclamos_area_id_areas_municipales_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas_municipales"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamos" ADD CONSTRAINT "reclamos_asignado_a_usuarios_id_fk" FOREIGN KEY ("asignado_a") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamos" ADD CONSTRAINT "reclamos_organismo_id_organismos_reclamo_id_fk" FOREIGN KEY ("organismo_id") REFERENCES "public"."organismos_reclamo"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamos" ADD CONSTRAINT "reclamos_duplicado_de_reclamos_id_fk" FOREIGN KEY ("duplicado_de") REFERENCES "public"."reclamos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reclamos" ADD CONSTRAINT "reclamos_clave_open311_id_claves_open311_id_fk" FOREIGN KEY ("clave_open311_id") REFERENCES "public"."claves_open311"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "historial_reclamos_reclamo_idx" ON "historial_reclamos" USING btree ("reclamo_id","fecha");--> statement-breakpoint
CREATE UNIQUE INDEX "plantillas_reclamo_nombre_idx" ON "plantillas_reclamo" USING btree ("estado","nombre");--> statement-breakpoint
CREATE INDEX "reclamos_cercanos_idx" ON "reclamos" USING btree ("categoria_id","latitud","longitud") WHERE "reclamos"."estado" in ('recibido', 'en_curso', 'derivado') and "reclamos"."oculto_en" is null;--> statement-breakpoint
CREATE INDEX "reclamos_estado_idx" ON "reclamos" USING btree ("estado","created_at");--> statement-breakpoint
CREATE INDEX "reclamos_categoria_idx" ON "reclamos" USING btree ("categoria_id","created_at");--> statement-breakpoint
CREATE INDEX "reclamos_email_idx" ON "reclamos" USING btree ("email_huella");--> statement-breakpoint
-- Reports are on public pages (docs/decisions/057-reclamos.md): categories, bodies, reports, their photos and their
-- history raise the content version like any content table (docs/decisions/007-cache-de-paginas.md). Templates and
-- Open311 keys are on no public page.
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.categorias_reclamo FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();--> statement-breakpoint
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.organismos_reclamo FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();--> statement-breakpoint
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.reclamos FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();--> statement-breakpoint
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.fotos_reclamo FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();--> statement-breakpoint
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.historial_reclamos FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();
