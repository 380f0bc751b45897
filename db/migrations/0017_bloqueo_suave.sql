-- The old counters were keyed by e-mail alone and live 15 minutes: they are dropped, not carried over
-- (docs/decisions/035-bloqueo-de-ingreso.md).
DROP TABLE "intentos_ingreso";--> statement-breakpoint
CREATE TABLE "intentos_ingreso" (
	"cuenta" text NOT NULL,
	"ambito" text NOT NULL,
	"usuario_id" integer,
	"intentos" integer DEFAULT 0 NOT NULL,
	"ultimo_intento" timestamp with time zone NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	CONSTRAINT "intentos_ingreso_cuenta_ambito_pk" PRIMARY KEY("cuenta","ambito")
);
--> statement-breakpoint
CREATE TABLE "direcciones_conocidas" (
	"usuario_id" integer NOT NULL,
	"direccion" text NOT NULL,
	"ultimo_ingreso" timestamp with time zone NOT NULL,
	CONSTRAINT "direcciones_conocidas_usuario_id_direccion_pk" PRIMARY KEY("usuario_id","direccion")
);
--> statement-breakpoint
ALTER TABLE "direcciones_conocidas" ADD CONSTRAINT "direcciones_conocidas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direcciones_conocidas_ultimo_idx" ON "direcciones_conocidas" USING btree ("ultimo_ingreso");--> statement-breakpoint
ALTER TABLE "intentos_ingreso" ADD CONSTRAINT "intentos_ingreso_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intentos_ingreso_usuario_idx" ON "intentos_ingreso" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "intentos_ingreso_ultimo_idx" ON "intentos_ingreso" USING btree ("ultimo_intento");
