CREATE TABLE "boletines_ordenanzas" (
	"id" serial PRIMARY KEY NOT NULL,
	"boletin_id" integer NOT NULL,
	"numero" text NOT NULL,
	"titulo" text NOT NULL,
	"link" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boletines_oficiales" ADD COLUMN "legales" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "boletines_oficiales" ADD COLUMN "licitaciones" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "boletines_ordenanzas" ADD CONSTRAINT "boletines_ordenanzas_boletin_id_boletines_oficiales_id_fk" FOREIGN KEY ("boletin_id") REFERENCES "public"."boletines_oficiales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boletines_ordenanzas_boletin_idx" ON "boletines_ordenanzas" USING btree ("boletin_id","orden");--> statement-breakpoint
CREATE INDEX "boletines_oficiales_edicion_idx" ON "boletines_oficiales" USING btree ("anio","mes","numero_boletin_oficial","id");--> statement-breakpoint
-- A bulletin's ordinances are content: they raise the content version like every content table (docs/decisions/007-cache-de-paginas.md).
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.boletines_ordenanzas FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();--> statement-breakpoint
-- One bulletin (docs/decisions/050-un-solo-boletin.md): the old current bulletin's texts, ordinances and decrees go onto the
-- latest official bulletin (by year, month, number). The old tables stay until a later release (a contraction, decision 028).
UPDATE boletines_oficiales AS b SET legales = v.legales, licitaciones = v.licitaciones
FROM (SELECT id FROM boletines_oficiales ORDER BY anio DESC, mes DESC, numero_boletin_oficial DESC, id DESC LIMIT 1) AS u,
     (SELECT legales, licitaciones FROM boletin_vigente ORDER BY id DESC LIMIT 1) AS v
WHERE b.id = u.id AND b.legales = '' AND b.licitaciones = '';--> statement-breakpoint
INSERT INTO boletines_ordenanzas (boletin_id, numero, titulo, link, orden)
SELECT u.id, o.numero, o.titulo, o.link, (row_number() OVER (ORDER BY o.orden, o.id) - 1)::integer
FROM boletin_vigente_ordenanzas AS o
CROSS JOIN (SELECT id FROM boletines_oficiales ORDER BY anio DESC, mes DESC, numero_boletin_oficial DESC, id DESC LIMIT 1) AS u
WHERE NOT EXISTS (SELECT 1 FROM boletines_ordenanzas AS y WHERE y.boletin_id = u.id);--> statement-breakpoint
-- The decree's number as people write it, read as domain/shared/numero-decreto.ts reads its common forms
-- (123/2026, 0123-26, «Decreto N° 123/2026», «123 de 2026»); a number this cannot read stays in the old table only.
INSERT INTO boletines_decretos (boletin_id, numero, anio, descripcion, area)
SELECT u.id, l.numero, l.anio, d.descripcion, d.area
FROM boletin_vigente_decretos AS d
CROSS JOIN (SELECT id FROM boletines_oficiales ORDER BY anio DESC, mes DESC, numero_boletin_oficial DESC, id DESC LIMIT 1) AS u
CROSS JOIN LATERAL (
  SELECT m[1]::integer AS numero,
         (CASE WHEN length(coalesce(m[2], m[3])) = 2 THEN 2000 + coalesce(m[2], m[3])::integer ELSE coalesce(m[2], m[3])::integer END)::smallint AS anio
  FROM regexp_match(lower(trim(d.numero)), '^[^0-9]*0*([0-9]{1,6})(?:\s*[/-]\s*([0-9]{4}|[0-9]{2})|\s+(?:(?:de|del|del año)\s+)?([0-9]{4}))\s*\.?$') AS m
) AS l
WHERE l.numero >= 1 AND l.anio BETWEEN 1900 AND 2100
ORDER BY d.orden, d.id
ON CONFLICT DO NOTHING;
