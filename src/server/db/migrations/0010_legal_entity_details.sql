ALTER TABLE "legal_entities" ADD COLUMN "legal_info" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "legal_entities" ADD COLUMN "owners" jsonb DEFAULT '[]'::jsonb NOT NULL;