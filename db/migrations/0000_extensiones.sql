-- Extensions for Spanish search, and an IMMUTABLE unaccent usable in indexes and generated columns
-- (unaccent() itself is only STABLE, which PostgreSQL refuses there; see STACK-NOTES).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
