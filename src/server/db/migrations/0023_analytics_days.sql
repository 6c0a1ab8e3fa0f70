CREATE TABLE "analytics_days" (
	"merchant_id" text NOT NULL,
	"tz_offset" integer NOT NULL,
	"day" text NOT NULL,
	"store_id" text NOT NULL,
	"product" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gmv_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_days_merchant_id_tz_offset_day_store_id_product_pk" PRIMARY KEY("merchant_id","tz_offset","day","store_id","product")
);
--> statement-breakpoint
CREATE TABLE "analytics_filled" (
	"merchant_id" text NOT NULL,
	"tz_offset" integer NOT NULL,
	"from_day" text NOT NULL,
	"through_day" text NOT NULL,
	CONSTRAINT "analytics_filled_merchant_id_tz_offset_pk" PRIMARY KEY("merchant_id","tz_offset")
);
--> statement-breakpoint
ALTER TABLE "analytics_days" ADD CONSTRAINT "analytics_days_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_filled" ADD CONSTRAINT "analytics_filled_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;