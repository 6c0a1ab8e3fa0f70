CREATE TABLE "contracts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"status" text NOT NULL,
	"language" text NOT NULL,
	"document" jsonb NOT NULL,
	"document_file_id" text NOT NULL,
	"document_sha256" text NOT NULL,
	"phone" text NOT NULL,
	"otp" jsonb,
	"signer_name" text,
	"signer_account_id" text,
	"signer_session" text,
	"signed_at" timestamp with time zone,
	"signed_file_id" text,
	"signed_sha256" text,
	"audit" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payouts_store_day_unique";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "kind" text DEFAULT 'settlement' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_subject_unique" ON "contracts" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_disbursement_unique" ON "payouts" USING btree ("loan_id") WHERE "payouts"."kind" = 'capital_disbursement';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_store_day_unique" ON "payouts" USING btree ("store_id","payout_day","kind");