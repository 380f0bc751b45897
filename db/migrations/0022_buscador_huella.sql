-- The site search's index is kept by a scheduled job that writes only the rows that changed, known by a
-- fingerprint of their content (docs/decisions/049-buscador-del-sitio.md). The index is derived: emptied here
-- and built again by the start.
DELETE FROM "busqueda_sitio";--> statement-breakpoint
DELETE FROM "busqueda_sitio_estado";--> statement-breakpoint
ALTER TABLE "busqueda_sitio" ADD COLUMN "huella" text;--> statement-breakpoint
ALTER TABLE "busqueda_sitio" ADD COLUMN "titulo_plano" text GENERATED ALWAYS AS (public.f_normalizar("busqueda_sitio"."titulo")) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "busqueda_sitio_huella_idx" ON "busqueda_sitio" USING btree ("huella");--> statement-breakpoint
-- The first `hasta` matches of busqueda_sitio in the site search's order, in one statement
-- (domain/buscador/queries.ts, docs/decisions/049-buscador-del-sitio.md). The matches are found once, in
-- the GIN index, reading neither the long vectors nor the texts: on a table this small the planner
-- prefers a sequential scan, which reads every PDF's vector to test it (100 ms on PGlite with 400
-- bulletins), so this function turns sequential scans off for itself. ts_rank on title and summary is
-- 0 unless one of the words (`alguna`: the words joined by "or") is there: those are ranked, the rest
-- read newest first, each part at most `hasta`. The count stops at `limite` + 1.
CREATE FUNCTION public.f_buscar_sitio(consulta tsquery, alguna tsquery, plano text, hasta integer, limite integer)
RETURNS TABLE (id integer, tipo text, titulo text, resumen text, enlace text, orden integer, rango double precision, total integer)
LANGUAGE sql STABLE
SET enable_seqscan = off
AS $$
  WITH coinciden AS MATERIALIZED (
    SELECT s.id, s.orden, s.busqueda_titulo, s.titulo_plano FROM public.busqueda_sitio s WHERE s.busqueda @@ consulta
  ), elegidas AS (
    (SELECT c.id, ts_rank(c.busqueda_titulo, consulta)::double precision + CASE WHEN c.titulo_plano = plano THEN 1 ELSE 0 END AS rango, c.orden
       FROM coinciden c WHERE c.busqueda_titulo @@ alguna ORDER BY 2 DESC, c.orden DESC, c.id LIMIT hasta)
    UNION ALL
    (SELECT c.id, 0::double precision, c.orden FROM coinciden c WHERE NOT (c.busqueda_titulo @@ alguna) ORDER BY c.orden DESC, c.id LIMIT hasta)
  )
  SELECT s.id, s.tipo, s.titulo, s.resumen, s.enlace, s.orden, e.rango,
         (SELECT count(*) FROM (SELECT 1 FROM coinciden LIMIT limite + 1) n)::integer
    FROM elegidas e JOIN public.busqueda_sitio s ON s.id = e.id
$$;
