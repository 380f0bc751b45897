CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fecha" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"actor_email" text,
	"actor_rol" text,
	"accion" text NOT NULL,
	"entidad" text NOT NULL,
	"entidad_id" text,
	"antes" jsonb,
	"despues" jsonb,
	"direccion" text
);
--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha");--> statement-breakpoint
CREATE INDEX "auditoria_entidad_idx" ON "auditoria" USING btree ("entidad","entidad_id");--> statement-breakpoint
CREATE INDEX "auditoria_usuario_idx" ON "auditoria" USING btree ("usuario_id","fecha") WHERE "auditoria"."usuario_id" is not null;--> statement-breakpoint
-- The audit log is append-only: nothing in the application may rewrite or erase it.
CREATE FUNCTION public.f_auditoria_inalterable() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      RAISE EXCEPTION 'el registro de auditoría no se puede modificar ni borrar' USING ERRCODE = 'insufficient_privilege';
    END;
  $$;--> statement-breakpoint
CREATE TRIGGER auditoria_sin_cambios BEFORE UPDATE OR DELETE ON "auditoria" FOR EACH ROW EXECUTE FUNCTION public.f_auditoria_inalterable();--> statement-breakpoint
CREATE TRIGGER auditoria_sin_vaciar BEFORE TRUNCATE ON "auditoria" FOR EACH STATEMENT EXECUTE FUNCTION public.f_auditoria_inalterable();
