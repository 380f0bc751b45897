CREATE TABLE "boletines_decretos" (
	"id" serial PRIMARY KEY NOT NULL,
	"boletin_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"anio" smallint NOT NULL,
	"descripcion" text NOT NULL,
	"area" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "boletines_decretos" ADD CONSTRAINT "boletines_decretos_boletin_id_boletines_oficiales_id_fk" FOREIGN KEY ("boletin_id") REFERENCES "public"."boletines_oficiales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "boletines_decretos_boletin_numero_idx" ON "boletines_decretos" USING btree ("boletin_id","numero","anio");--> statement-breakpoint
CREATE INDEX "boletines_decretos_numero_idx" ON "boletines_decretos" USING btree ("numero","anio");--> statement-breakpoint
-- The decrees a bulletin publishes change what the decree form offers; like every content table, it raises the content version (docs/decisions/007-cache-de-paginas.md).
CREATE TRIGGER version_contenido AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.boletines_decretos FOR EACH STATEMENT EXECUTE FUNCTION public.f_subir_version_contenido();