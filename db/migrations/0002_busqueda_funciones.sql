-- Search helpers shared by every searchable table (docs/decisions/002-busqueda.md).
-- f_normalizar: the words of a text, unaccented and lower-case, separated by single spaces.
CREATE OR REPLACE FUNCTION public.f_normalizar(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(lower(public.f_unaccent($1)), '[^a-z0-9]+', ' ', 'g')) $$;
--> statement-breakpoint
-- f_raiz: the root of one normalised word: its Spanish stem, or, when the stemmer leaves the word
-- as it is (it only knows accented suffixes such as 'ación'), the word without a derivational
-- suffix; never shorter than 4 letters. Stop words give NULL.
CREATE OR REPLACE FUNCTION public.f_raiz(palabra text) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE
      WHEN stem IS NULL THEN NULL
      WHEN stem = palabra AND length(recortada) >= 4 THEN recortada
      ELSE stem
    END
    FROM (
      SELECT (ts_lexize('spanish_stem', palabra))[1] AS stem,
             regexp_replace(palabra, '(aciones|acion|iciones|icion|ciones|cion|siones|sion|amientos|amiento|imientos|imiento|mente|idades|idad|ales|al|icas|ica|icos|ico|ivas|iva|ivos|ivo|istas|ista|es|s)$', '') AS recortada
    ) r
  $$;
--> statement-breakpoint
-- f_consulta: what a citizen typed, as a tsquery where every word must match as a prefix of its
-- root ('habilitacion comercial' -> 'habilit:* & comerci:*'). NULL when no word is left.
CREATE OR REPLACE FUNCTION public.f_consulta(texto text) RETURNS tsquery
  LANGUAGE sql STABLE PARALLEL SAFE STRICT
  AS $$
    SELECT to_tsquery('simple', string_agg(raiz || ':*', ' & ' ORDER BY n))
    FROM (
      SELECT n, public.f_raiz(palabra) AS raiz
      FROM regexp_split_to_table(public.f_normalizar(texto), ' ') WITH ORDINALITY AS p(palabra, n)
      WHERE palabra <> ''
    ) w
    WHERE raiz IS NOT NULL
    HAVING count(*) > 0
  $$;
