ALTER TABLE "solicitudes_decreto" ALTER COLUMN "huella" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "documentos" ADD COLUMN "publico" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "historial_solicitudes_decreto" ADD COLUMN "usuario_id" integer;--> statement-breakpoint
ALTER TABLE "historial_solicitudes_decreto" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "historial_solicitudes_decreto" ADD COLUMN "mensaje" text;--> statement-breakpoint
ALTER TABLE "solicitudes_decreto" ADD COLUMN "cerrada_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "solicitudes_decreto" ADD COLUMN "prorrogada_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "solicitudes_decreto" ADD COLUMN "prorroga_motivo" text;--> statement-breakpoint
ALTER TABLE "solicitudes_decreto" ADD COLUMN "decreto_documento_id" integer;--> statement-breakpoint
ALTER TABLE "solicitudes_decreto" ADD COLUMN "anonimizada_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "adjuntos" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "solicitudes_decreto" ADD CONSTRAINT "solicitudes_decreto_decreto_documento_id_documentos_id_fk" FOREIGN KEY ("decreto_documento_id") REFERENCES "public"."documentos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "solicitudes_decreto_creada_idx" ON "solicitudes_decreto" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "solicitudes_decreto_estado_idx" ON "solicitudes_decreto" USING btree ("estado","created_at");--> statement-breakpoint
CREATE INDEX "solicitudes_decreto_retencion_idx" ON "solicitudes_decreto" USING btree ("cerrada_en") WHERE "solicitudes_decreto"."cerrada_en" is not null and "solicitudes_decreto"."anonimizada_en" is null;--> statement-breakpoint
CREATE INDEX "outbox_estado_idx" ON "outbox" USING btree ("estado","id");--> statement-breakpoint
CREATE INDEX "outbox_referencia_idx" ON "outbox" USING btree ("referencia");--> statement-breakpoint
-- Requests closed before the desk existed: the retention period counts from their last status.
UPDATE "solicitudes_decreto" s SET "cerrada_en" = coalesce((SELECT max(h."fecha") FROM "historial_solicitudes_decreto" h WHERE h."solicitud_id" = s."id"), s."created_at")
  WHERE s."estado" IN ('enviada', 'rechazada');
