CREATE TABLE "limites_uso" (
	"clave" text NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"cuenta" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "limites_uso_clave_inicio_pk" PRIMARY KEY("clave","inicio")
);
--> statement-breakpoint
DROP INDEX "solicitudes_decreto_ip_idx";--> statement-breakpoint
ALTER TABLE "solicitudes_decreto" ADD COLUMN "dni_huella" text;--> statement-breakpoint
ALTER TABLE "solicitudes_decreto" ADD COLUMN "email_huella" text;--> statement-breakpoint
CREATE INDEX "limites_uso_inicio_idx" ON "limites_uso" USING btree ("inicio");--> statement-breakpoint
CREATE INDEX "solicitudes_decreto_dni_idx" ON "solicitudes_decreto" USING btree ("dni_huella");--> statement-breakpoint
CREATE INDEX "solicitudes_decreto_email_idx" ON "solicitudes_decreto" USING btree ("email_huella");--> statement-breakpoint
ALTER TABLE "solicitudes_decreto" DROP COLUMN "ip_hash";--> statement-breakpoint
-- The salt of address hashes leaves the database: limits key addresses with the data key now.
DELETE FROM "claves_servidor" WHERE "nombre" = 'sal_ip';