-- Marking a one-off change as mailed (`avisado_en`) is bookkeeping, not content: it no longer raises the
-- content version and empties the render cache (docs/decisions/007-cache-de-paginas.md). Any other write
-- to a change still does; `creado_por` is shown only in the back-office, which is never cached.
DROP TRIGGER version_contenido ON public.cambios_recoleccion;--> statement-breakpoint
CREATE TRIGGER version_contenido AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF zona_id, servicio_id, fecha, tipo, motivo, hora_desde, hora_hasta ON public.cambios_recoleccion FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();
