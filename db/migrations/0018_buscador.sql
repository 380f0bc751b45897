-- The site search (docs/decisions/049-buscador-del-sitio.md). No content-version trigger on these tables:
-- busqueda_sitio is rebuilt from content tables when the version changes, and a trigger here would change it again
-- on every rebuild; the searches that found nothing are shown only in the back-office.
CREATE TABLE "busqueda_sitio" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"resumen" text DEFAULT '' NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"enlace" text NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"busqueda" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', public.f_normalizar("busqueda_sitio"."titulo")), 'A') || setweight(to_tsvector('simple', public.f_normalizar("busqueda_sitio"."resumen")), 'B') || setweight(to_tsvector('simple', public.f_normalizar("busqueda_sitio"."texto")), 'C')) STORED NOT NULL,
	"busqueda_titulo" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', public.f_normalizar("busqueda_sitio"."titulo")), 'A') || setweight(to_tsvector('simple', public.f_normalizar("busqueda_sitio"."resumen")), 'B')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "busqueda_sitio_estado" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" text NOT NULL,
	"construida_en" timestamp with time zone DEFAULT now() NOT NULL,
	"filas" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "busqueda_sitio_estado_una_fila" CHECK ("busqueda_sitio_estado"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "busquedas_sin_resultados" (
	"consulta" text PRIMARY KEY NOT NULL,
	"cantidad" integer DEFAULT 1 NOT NULL,
	"primera" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "busqueda_sitio_busqueda_idx" ON "busqueda_sitio" USING gin ("busqueda");--> statement-breakpoint
CREATE INDEX "busquedas_sin_resultados_cantidad_idx" ON "busquedas_sin_resultados" USING btree ("cantidad");
