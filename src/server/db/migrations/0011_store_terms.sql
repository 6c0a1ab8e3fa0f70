ALTER TABLE "stores" ADD COLUMN "commissions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "payout_schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;