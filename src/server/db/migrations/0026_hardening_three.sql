CREATE TABLE "studio_previews" (
	"id" text PRIMARY KEY NOT NULL,
	"compiled" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_session_id" text;