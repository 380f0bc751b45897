CREATE TABLE "areas_municipales" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"domicilio" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boletin_vigente" (
	"id" serial PRIMARY KEY NOT NULL,
	"legales" text DEFAULT '' NOT NULL,
	"licitaciones" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boletin_vigente_decretos" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" text NOT NULL,
	"descripcion" text NOT NULL,
	"area" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boletin_vigente_ordenanzas" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" text NOT NULL,
	"titulo" text NOT NULL,
	"link" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boletines_oficiales" (
	"id" serial PRIMARY KEY NOT NULL,
	"documento_id" integer NOT NULL,
	"numero_boletin_oficial" integer NOT NULL,
	"mes" smallint NOT NULL,
	"anio" smallint NOT NULL,
	"usuario_creacion" text NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documentos_observatorio" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"documento_id" integer NOT NULL,
	"mes" smallint,
	"anio" smallint NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ejecutivo" (
	"id" serial PRIMARY KEY NOT NULL,
	"intendente_nombre" text NOT NULL,
	"intendente_email" text DEFAULT '' NOT NULL,
	"intendente_telefono" text DEFAULT '' NOT NULL,
	"vice_intendente_nombre" text NOT NULL,
	"vice_intendente_email" text DEFAULT '' NOT NULL,
	"vice_intendente_telefono" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estados_contables" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo_estado_contable" text NOT NULL,
	"documento_id" integer NOT NULL,
	"mes" smallint NOT NULL,
	"anio" smallint NOT NULL,
	"usuario_creacion" text NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "galeria_imagenes" (
	"id" serial PRIMARY KEY NOT NULL,
	"galeria" text NOT NULL,
	"documento_id" integer NOT NULL,
	"titulo" text DEFAULT '' NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"alt" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hcd_bloques" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre_bloque" text NOT NULL,
	"nombre_secretaria" text DEFAULT '' NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hcd_integrantes" (
	"id" serial PRIMARY KEY NOT NULL,
	"bloque_id" integer NOT NULL,
	"rol" text NOT NULL,
	"nombre" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hcd_presidencia" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre_presidente" text DEFAULT '' NOT NULL,
	"nombre_vicepresidente" text DEFAULT '' NOT NULL,
	"nombre_secretaria" text DEFAULT '' NOT NULL,
	"nombre_prosecretaria" text DEFAULT '' NOT NULL,
	"nombre_secretaria_digesto" text DEFAULT '' NOT NULL,
	"telefono" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observatorio_vial" (
	"id" serial PRIMARY KEY NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"logo_id" integer,
	"galeria_nombre" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_estrategico_enlaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secretarias" (
	"id" serial PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"secretario_nombre" text DEFAULT '' NOT NULL,
	"secretario_email" text DEFAULT '' NOT NULL,
	"secretario_telefono" text DEFAULT '' NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subsecretarias" (
	"id" serial PRIMARY KEY NOT NULL,
	"secretaria_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"sub_secretario_nombre" text DEFAULT '' NOT NULL,
	"sub_secretario_email" text DEFAULT '' NOT NULL,
	"sub_secretario_telefono" text DEFAULT '' NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sueldos" (
	"id" serial PRIMARY KEY NOT NULL,
	"documento_id" integer NOT NULL,
	"periodo" text NOT NULL,
	"orden" smallint DEFAULT 0 NOT NULL,
	"anio" smallint NOT NULL,
	"fecha_creacion" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boletines_oficiales" ADD CONSTRAINT "boletines_oficiales_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_observatorio" ADD CONSTRAINT "documentos_observatorio_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estados_contables" ADD CONSTRAINT "estados_contables_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galeria_imagenes" ADD CONSTRAINT "galeria_imagenes_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hcd_integrantes" ADD CONSTRAINT "hcd_integrantes_bloque_id_hcd_bloques_id_fk" FOREIGN KEY ("bloque_id") REFERENCES "public"."hcd_bloques"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observatorio_vial" ADD CONSTRAINT "observatorio_vial_logo_id_documentos_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."documentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subsecretarias" ADD CONSTRAINT "subsecretarias_secretaria_id_secretarias_id_fk" FOREIGN KEY ("secretaria_id") REFERENCES "public"."secretarias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sueldos" ADD CONSTRAINT "sueldos_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boletines_oficiales_fecha_idx" ON "boletines_oficiales" USING btree ("fecha_creacion");--> statement-breakpoint
CREATE INDEX "documentos_observatorio_tipo_idx" ON "documentos_observatorio" USING btree ("tipo","anio","mes");--> statement-breakpoint
CREATE INDEX "estados_contables_anio_mes_idx" ON "estados_contables" USING btree ("anio","mes");--> statement-breakpoint
CREATE INDEX "galeria_imagenes_galeria_idx" ON "galeria_imagenes" USING btree ("galeria","orden");--> statement-breakpoint
CREATE INDEX "hcd_integrantes_bloque_idx" ON "hcd_integrantes" USING btree ("bloque_id");--> statement-breakpoint
CREATE INDEX "subsecretarias_secretaria_idx" ON "subsecretarias" USING btree ("secretaria_id");--> statement-breakpoint
CREATE INDEX "sueldos_anio_orden_idx" ON "sueldos" USING btree ("anio","orden");