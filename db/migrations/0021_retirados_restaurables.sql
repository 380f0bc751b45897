CREATE TABLE "contenidos_restaurables" (
	"id" serial PRIMARY KEY NOT NULL,
	"seccion" text NOT NULL,
	"entidad_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"datos" jsonb NOT NULL,
	"documento_id" integer,
	"rutas" text[] NOT NULL,
	"retirado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_nombre" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contenidos_restaurables_seccion_idx" ON "contenidos_restaurables" USING btree ("seccion","retirado_en");--> statement-breakpoint
CREATE INDEX "contenidos_restaurables_retirado_idx" ON "contenidos_restaurables" USING btree ("retirado_en");