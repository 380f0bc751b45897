CREATE TABLE "publicaciones_pendientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"entidad_id" integer,
	"titulo" text NOT NULL,
	"campos" jsonb NOT NULL,
	"documento_id" integer,
	"publicar_en" timestamp with time zone,
	"estado" text DEFAULT 'borrador' NOT NULL,
	"error" text,
	"publicada_id" integer,
	"created_by" integer NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "publicaciones_pendientes_vencidas_idx" ON "publicaciones_pendientes" USING btree ("estado","publicar_en");