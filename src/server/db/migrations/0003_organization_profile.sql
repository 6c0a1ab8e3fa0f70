ALTER TABLE "organizations" ADD COLUMN "business_profile" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "contract_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "contract_signed_by" text;