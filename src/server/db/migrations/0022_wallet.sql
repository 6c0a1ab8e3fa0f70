CREATE TABLE "virtual_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"status" text NOT NULL,
	"holder_name" text NOT NULL,
	"number" text NOT NULL,
	"cvc" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"account_id" text,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "virtual_cards_merchant_id_unique" UNIQUE("merchant_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"day" text NOT NULL,
	"payout_id" text,
	"card_id" text,
	"counterparty" text,
	"iban" text,
	"account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"payout_destination" text DEFAULT 'bank' NOT NULL,
	"destination_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "destination" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "virtual_cards" ADD CONSTRAINT "virtual_cards_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_merchant_id_wallets_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."wallets"("merchant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_movements" ADD CONSTRAINT "wallet_movements_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_movements_merchant_idx" ON "wallet_movements" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_movements_payout_unique" ON "wallet_movements" USING btree ("payout_id");