CREATE TABLE "documentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre_archivo" text NOT NULL,
	"tipo_contenido" text NOT NULL,
	"tamano" bigint NOT NULL,
	"sha256" text NOT NULL,
	"clave" text NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"paginas" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documentos_clave_unique" UNIQUE("clave")
);
--> statement-breakpoint
CREATE TABLE "ordenanzas" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" integer NOT NULL,
	"anio" smallint NOT NULL,
	"estado" smallint NOT NULL,
	"fecha_emision" date,
	"descripcion" text NOT NULL,
	"expediente" text,
	"modificatoria_de" integer,
	"documento_id" integer,
	"texto_documento" text DEFAULT '' NOT NULL,
	"busqueda" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', public.f_normalizar("ordenanzas"."descripcion")), 'A') || setweight(to_tsvector('simple', public.f_normalizar(coalesce("ordenanzas"."expediente", ''))), 'B') || setweight(to_tsvector('simple', public.f_normalizar("ordenanzas"."texto_documento")), 'C')) STORED NOT NULL,
	"busqueda_titulo" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', public.f_normalizar("ordenanzas"."descripcion")), 'A') || setweight(to_tsvector('simple', public.f_normalizar(coalesce("ordenanzas"."expediente", ''))), 'B')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ordenanzas_numero_anio_key" UNIQUE("numero","anio")
);
--> statement-breakpoint
ALTER TABLE "ordenanzas" ADD CONSTRAINT "ordenanzas_modificatoria_de_ordenanzas_id_fk" FOREIGN KEY ("modificatoria_de") REFERENCES "public"."ordenanzas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenanzas" ADD CONSTRAINT "ordenanzas_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documentos_sha256_idx" ON "documentos" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "ordenanzas_busqueda_idx" ON "ordenanzas" USING gin ("busqueda");--> statement-breakpoint
CREATE INDEX "ordenanzas_anio_numero_idx" ON "ordenanzas" USING btree ("anio","numero");--> statement-breakpoint
CREATE INDEX "ordenanzas_estado_anio_numero_idx" ON "ordenanzas" USING btree ("estado","anio","numero");--> statement-breakpoint
CREATE INDEX "ordenanzas_numero_idx" ON "ordenanzas" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "ordenanzas_modificatoria_de_idx" ON "ordenanzas" USING btree ("modificatoria_de");