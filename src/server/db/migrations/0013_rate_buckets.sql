CREATE TABLE "rate_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"full_at" timestamp with time zone NOT NULL
);
