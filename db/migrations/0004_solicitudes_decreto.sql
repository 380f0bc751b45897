CREATE TABLE "claves_servidor" (
	"nombre" text PRIMARY KEY NOT NULL,
	"valor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "historial_solicitudes_decreto" (
	"id" serial PRIMARY KEY NOT NULL,
	"solicitud_id" integer NOT NULL,
	"estado" text NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"destinatario" text NOT NULL,
	"responder_a" text,
	"asunto" text NOT NULL,
	"texto" text NOT NULL,
	"referencia" text,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"proximo_intento" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_error" text,
	"enviado_en" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "solicitudes_decreto" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nombre" text NOT NULL,
	"dni" text NOT NULL,
	"email" text NOT NULL,
	"numero" text NOT NULL,
	"ordenanza_id" integer,
	"aclaraciones" text DEFAULT '' NOT NULL,
	"estado" text DEFAULT 'recibida' NOT NULL,
	"huella" text NOT NULL,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solicitudes_decreto_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
ALTER TABLE "historial_solicitudes_decreto" ADD CONSTRAINT "historial_solicitudes_decreto_solicitud_id_solicitudes_decreto_id_fk" FOREIGN KEY ("solicitud_id") REFERENCES "public"."solicitudes_decreto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitudes_decreto" ADD CONSTRAINT "solicitudes_decreto_ordenanza_id_ordenanzas_id_fk" FOREIGN KEY ("ordenanza_id") REFERENCES "public"."ordenanzas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "historial_solicitudes_decreto_solicitud_idx" ON "historial_solicitudes_decreto" USING btree ("solicitud_id","fecha");--> statement-breakpoint
CREATE INDEX "outbox_pendientes_idx" ON "outbox" USING btree ("proximo_intento") WHERE "outbox"."estado" = 'pendiente';--> statement-breakpoint
CREATE INDEX "solicitudes_decreto_huella_idx" ON "solicitudes_decreto" USING btree ("huella","created_at");--> statement-breakpoint
CREATE INDEX "solicitudes_decreto_ip_idx" ON "solicitudes_decreto" USING btree ("ip_hash","created_at");