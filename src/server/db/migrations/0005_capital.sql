CREATE TABLE "capital_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"offer_id" text,
	"status" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capital_connections" (
	"merchant_id" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capital_connections_merchant_id_platform_pk" PRIMARY KEY("merchant_id","platform")
);
--> statement-breakpoint
CREATE TABLE "capital_loans" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"application_id" text,
	"status" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capital_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"store_id" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capital_waitlist" (
	"account_id" text PRIMARY KEY NOT NULL,
	"stores" jsonb NOT NULL,
	"capital_use" text NOT NULL,
	"other_use" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "capital_applications" ADD CONSTRAINT "capital_applications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_applications" ADD CONSTRAINT "capital_applications_offer_id_capital_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."capital_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_connections" ADD CONSTRAINT "capital_connections_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_loans" ADD CONSTRAINT "capital_loans_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_offers" ADD CONSTRAINT "capital_offers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_offers" ADD CONSTRAINT "capital_offers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capital_waitlist" ADD CONSTRAINT "capital_waitlist_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capital_applications_merchant_idx" ON "capital_applications" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "capital_applications_offer_unique" ON "capital_applications" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "capital_loans_merchant_idx" ON "capital_loans" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "capital_loans_application_unique" ON "capital_loans" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "capital_offers_merchant_idx" ON "capital_offers" USING btree ("merchant_id");