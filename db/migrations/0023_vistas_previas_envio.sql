CREATE TABLE "vistas_previas_envio" (
	"documento_id" integer PRIMARY KEY NOT NULL,
	"vence" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vistas_previas_envio" ADD CONSTRAINT "vistas_previas_envio_documento_id_documentos_id_fk" FOREIGN KEY ("documento_id") REFERENCES "public"."documentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vistas_previas_envio_vence_idx" ON "vistas_previas_envio" USING btree ("vence");