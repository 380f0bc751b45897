-- Withdrawn addresses, and the web-size copy and thumbnail of each stored image.
CREATE TABLE "contenidos_retirados" (
	"id" serial PRIMARY KEY NOT NULL,
	"ruta" text NOT NULL,
	"titulo" text NOT NULL,
	"retirado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	CONSTRAINT "contenidos_retirados_ruta_unique" UNIQUE("ruta")
);
--> statement-breakpoint
ALTER TABLE "documentos" ADD COLUMN "clave_web" text;--> statement-breakpoint
ALTER TABLE "documentos" ADD COLUMN "clave_miniatura" text;--> statement-breakpoint
-- A withdrawn address is shown by the public pages (410 with its title): the render cache must hear of it (migration 0007).
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.contenidos_retirados FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();
