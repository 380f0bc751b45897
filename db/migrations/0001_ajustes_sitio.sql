CREATE TABLE "ajustes_sitio" (
	"clave" text PRIMARY KEY NOT NULL,
	"valor" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "datos_demo" (
	"nombre" text PRIMARY KEY NOT NULL,
	"aplicado_en" timestamp with time zone DEFAULT now() NOT NULL
);
