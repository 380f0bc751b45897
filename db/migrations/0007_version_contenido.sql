CREATE TABLE "version_contenido" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"actualizada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "version_contenido_una_fila" CHECK ("version_contenido"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "version_contenido" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- The content version (docs/decisions/007-cache-de-paginas.md): every statement that changes a
-- content table raises it in the same transaction and announces the new value with NOTIFY, which
-- PostgreSQL delivers at commit, in commit order (the row lock orders the writers). Statement
-- level: a statement changing many rows raises it once.
CREATE FUNCTION public.f_subir_version_contenido() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    DECLARE
      nueva bigint;
    BEGIN
      UPDATE public.version_contenido SET version = version + 1, actualizada_en = now() WHERE id = 1 RETURNING version INTO nueva;
      PERFORM pg_notify('version_contenido', nueva::text);
      RETURN NULL;
    END
  $$;
--> statement-breakpoint
-- Every table a public page shows. A new content table gets the same trigger in its migration;
-- tests/http/render-cache.test.ts fails for a table that has neither the trigger nor a place on its
-- list of tables that no page shows.
DO $$
  DECLARE
    tabla text;
  BEGIN
    FOREACH tabla IN ARRAY ARRAY[
      'ajustes_sitio', 'documentos', 'ordenanzas',
      'boletin_vigente', 'boletin_vigente_ordenanzas', 'boletin_vigente_decretos', 'boletines_oficiales',
      'estados_contables', 'sueldos',
      'areas_municipales', 'ejecutivo', 'secretarias', 'subsecretarias', 'hcd_presidencia', 'hcd_bloques',
      'hcd_integrantes', 'observatorio_vial', 'galeria_imagenes', 'documentos_observatorio', 'plan_estrategico_enlaces'
    ] LOOP
      EXECUTE format(
        'CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido()',
        tabla
      );
    END LOOP;
  END
$$;
