CREATE TABLE "suscripciones_alertas" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_huella" text NOT NULL,
	"tipo" text NOT NULL,
	"busqueda" jsonb,
	"frecuencia" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"token" text NOT NULL,
	"token_hash" text NOT NULL,
	"marca" integer DEFAULT 0 NOT NULL,
	"proximo_envio" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmada_en" timestamp with time zone,
	"ultimo_envio" timestamp with time zone,
	"baja_en" timestamp with time zone,
	CONSTRAINT "suscripciones_alertas_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "cabeceras" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "suscripciones_alertas_email_idx" ON "suscripciones_alertas" USING btree ("email_huella");--> statement-breakpoint
CREATE INDEX "suscripciones_alertas_activas_idx" ON "suscripciones_alertas" USING btree ("tipo","marca") WHERE "suscripciones_alertas"."estado" = 'activa';--> statement-breakpoint
CREATE INDEX "suscripciones_alertas_pendientes_idx" ON "suscripciones_alertas" USING btree ("created_at") WHERE "suscripciones_alertas"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "suscripciones_alertas_bajas_idx" ON "suscripciones_alertas" USING btree ("baja_en") WHERE "suscripciones_alertas"."estado" = 'baja';