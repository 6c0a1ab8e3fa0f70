CREATE TABLE "api_keys" (
	"merchant_id" text PRIMARY KEY NOT NULL,
	"test_public_key" text NOT NULL,
	"test_secret_key" text NOT NULL,
	"public_key" text,
	"secret_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;