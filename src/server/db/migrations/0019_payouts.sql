CREATE TABLE "payout_runs" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"settled_through" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"store_id" text NOT NULL,
	"payout_day" text NOT NULL,
	"currency" text NOT NULL,
	"gross_minor" integer NOT NULL,
	"refunds_minor" integer NOT NULL,
	"disputes_minor" integer NOT NULL,
	"commissions_minor" integer NOT NULL,
	"fee_minor" integer NOT NULL,
	"capital_minor" integer NOT NULL,
	"net_minor" integer NOT NULL,
	"loan_id" text,
	"iban" text,
	"bank_name" text,
	"capture_count" integer NOT NULL,
	"refund_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_captures" ADD COLUMN "payout_id" text;--> statement-breakpoint
ALTER TABLE "payment_captures" ADD COLUMN "commission_minor" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "payout_id" text;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_store_day_unique" ON "payouts" USING btree ("store_id","payout_day");--> statement-breakpoint
CREATE INDEX "payouts_merchant_day_idx" ON "payouts" USING btree ("merchant_id","payout_day","id");--> statement-breakpoint
CREATE INDEX "payment_captures_payout_idx" ON "payment_captures" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_payout_idx" ON "payment_refunds" USING btree ("payout_id");