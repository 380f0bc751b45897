-- Counters by account and place (docs/decisions/035-bloqueo-de-ingreso.md). The old table, intentos_ingreso,
-- stays for the version still running during a rolling upgrade; a later release drops it.
CREATE TABLE "direcciones_conocidas" (
	"usuario_id" integer NOT NULL,
	"direccion" text NOT NULL,
	"ultimo_ingreso" timestamp with time zone NOT NULL,
	CONSTRAINT "direcciones_conocidas_usuario_id_direccion_pk" PRIMARY KEY("usuario_id","direccion")
);
--> statement-breakpoint
CREATE TABLE "intentos_ingreso_lugar" (
	"cuenta" text NOT NULL,
	"ambito" text NOT NULL,
	"usuario_id" integer,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_intento" timestamp with time zone NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	CONSTRAINT "intentos_ingreso_lugar_cuenta_ambito_pk" PRIMARY KEY("cuenta","ambito")
);
--> statement-breakpoint
ALTER TABLE "direcciones_conocidas" ADD CONSTRAINT "direcciones_conocidas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intentos_ingreso_lugar" ADD CONSTRAINT "intentos_ingreso_lugar_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direcciones_conocidas_ultimo_idx" ON "direcciones_conocidas" USING btree ("ultimo_ingreso");--> statement-breakpoint
CREATE INDEX "intentos_ingreso_lugar_usuario_idx" ON "intentos_ingreso_lugar" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "intentos_ingreso_lugar_ultimo_idx" ON "intentos_ingreso_lugar" USING btree ("ultimo_intento");