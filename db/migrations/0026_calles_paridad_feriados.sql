ALTER TABLE "calles_recoleccion" ADD COLUMN "paridad" text DEFAULT 'todos' NOT NULL;--> statement-breakpoint
ALTER TABLE "calles_recoleccion" ADD CONSTRAINT "calles_recoleccion_paridad" CHECK ("calles_recoleccion"."paridad" in ('todos', 'pares', 'impares'));--> statement-breakpoint
-- Holidays are on Mi calle's cached pages (the printable month, the calendars, docs/decisions/056-mi-calle.md):
-- a change to them empties the render cache like any content table (docs/decisions/007-cache-de-paginas.md).
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.feriados FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();
