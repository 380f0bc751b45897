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
--> statement-breakpoint
CREATE TABLE "feriados" (
	"fecha" date PRIMARY KEY NOT NULL,
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feriados_tipo" CHECK ("feriados"."tipo" in ('inamovible', 'trasladable', 'no_laborable', 'puente', 'local')),
	CONSTRAINT "feriados_nombre" CHECK (btrim("feriados"."nombre") <> '')
);
--> statement-breakpoint
-- The holidays of 2026 and 2027, in the migration and not in the demo content: a production
-- database never runs the demo, and every database (production, demo, tests) must count deadlines
-- the same way from its first start. Later years are added by administrators
-- (docs/decisions/011-plazos-y-feriados.md). Law 27.399: trasladables falling on Tuesday or
-- Wednesday move to the Monday before, on Thursday or Friday to the Monday after, on a weekend they
-- stay (decree 614/2025 lets the Jefatura de Gabinete move those: 20 Nov 2027 is a Saturday).
-- One row a date: on 2 Apr 2026 Malvinas (inamovible) and Jueves Santo (no laborable) share it.
-- 2027's puentes are not decreed yet: there are none until an administrator adds them.
-- domain/plazos/semilla.test.ts recomputes every date and its weekday.
INSERT INTO "feriados" ("fecha", "nombre", "tipo") VALUES
	('2026-01-01', 'Año Nuevo', 'inamovible'),
	('2026-02-16', 'Carnaval', 'inamovible'),
	('2026-02-17', 'Carnaval', 'inamovible'),
	('2026-03-23', 'Día no laborable con fines turísticos', 'puente'),
	('2026-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia', 'inamovible'),
	('2026-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas; Jueves Santo', 'inamovible'),
	('2026-04-03', 'Viernes Santo', 'inamovible'),
	('2026-05-01', 'Día del Trabajador', 'inamovible'),
	('2026-05-15', 'Aniversario de Villa La Angostura', 'local'),
	('2026-05-25', 'Día de la Revolución de Mayo', 'inamovible'),
	('2026-06-15', 'Paso a la Inmortalidad del General Martín Miguel de Güemes (17 de junio, trasladado)', 'trasladable'),
	('2026-06-20', 'Paso a la Inmortalidad del General Manuel Belgrano', 'inamovible'),
	('2026-07-09', 'Día de la Independencia', 'inamovible'),
	('2026-07-10', 'Día no laborable con fines turísticos', 'puente'),
	('2026-08-17', 'Paso a la Inmortalidad del General José de San Martín', 'trasladable'),
	('2026-10-12', 'Día del Respeto a la Diversidad Cultural', 'trasladable'),
	('2026-11-23', 'Día de la Soberanía Nacional (20 de noviembre, trasladado)', 'trasladable'),
	('2026-12-07', 'Día no laborable con fines turísticos', 'puente'),
	('2026-12-08', 'Inmaculada Concepción de María', 'inamovible'),
	('2026-12-25', 'Navidad', 'inamovible'),
	('2027-01-01', 'Año Nuevo', 'inamovible'),
	('2027-02-08', 'Carnaval', 'inamovible'),
	('2027-02-09', 'Carnaval', 'inamovible'),
	('2027-03-24', 'Día Nacional de la Memoria por la Verdad y la Justicia', 'inamovible'),
	('2027-03-25', 'Jueves Santo', 'no_laborable'),
	('2027-03-26', 'Viernes Santo', 'inamovible'),
	('2027-04-02', 'Día del Veterano y de los Caídos en la Guerra de Malvinas', 'inamovible'),
	('2027-05-01', 'Día del Trabajador', 'inamovible'),
	('2027-05-15', 'Aniversario de Villa La Angostura', 'local'),
	('2027-05-25', 'Día de la Revolución de Mayo', 'inamovible'),
	('2027-06-20', 'Paso a la Inmortalidad del General Manuel Belgrano', 'inamovible'),
	('2027-06-21', 'Paso a la Inmortalidad del General Martín Miguel de Güemes (17 de junio, trasladado)', 'trasladable'),
	('2027-07-09', 'Día de la Independencia', 'inamovible'),
	('2027-08-16', 'Paso a la Inmortalidad del General José de San Martín (17 de agosto, trasladado)', 'trasladable'),
	('2027-10-11', 'Día del Respeto a la Diversidad Cultural (12 de octubre, trasladado)', 'trasladable'),
	('2027-11-20', 'Día de la Soberanía Nacional', 'trasladable'),
	('2027-12-08', 'Inmaculada Concepción de María', 'inamovible'),
	('2027-12-25', 'Navidad', 'inamovible');
