ALTER TABLE "flow_versions" ALTER COLUMN "content" SET DATA TYPE json USING "content"::json;--> statement-breakpoint
ALTER TABLE "studio_working_copies" ALTER COLUMN "content" SET DATA TYPE json USING "content"::json;
