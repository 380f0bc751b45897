-- The site search's index is kept by a scheduled job that writes only the rows that changed, known by a
-- fingerprint of their content (docs/decisions/049-buscador-del-sitio.md). The index is derived: emptied here
-- and built again by the start.
DELETE FROM "busqueda_sitio";--> statement-breakpoint
DELETE FROM "busqueda_sitio_estado";--> statement-breakpoint
ALTER TABLE "busqueda_sitio" ADD COLUMN "huella" text NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "busqueda_sitio_huella_idx" ON "busqueda_sitio" USING btree ("huella");