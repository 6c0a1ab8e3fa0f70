CREATE TABLE "studio_previews" (
	"id" text PRIMARY KEY NOT NULL,
	"compiled" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
