CREATE TABLE "payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"store_id" text NOT NULL,
	"status" text NOT NULL,
	"product" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_name" text,
	"order_reference" text NOT NULL,
	"token_hash" text NOT NULL,
	"data" jsonb NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_links_merchant_sent_idx" ON "payment_links" USING btree ("merchant_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_token_unique" ON "payment_links" USING btree ("token_hash");