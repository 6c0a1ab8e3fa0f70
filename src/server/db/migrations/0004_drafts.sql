CREATE TABLE "drafts" (
	"id" text PRIMARY KEY NOT NULL,
	"flow" text NOT NULL,
	"owner_id" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"version" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attention" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
-- Each application's answers move to a draft of the onboarding flow with the same id. The old integer
-- version becomes "legacy-<n>", which no flow version id equals, so the draft is carried forward the first
-- time it is opened.
INSERT INTO "drafts" ("id", "flow", "owner_id", "scope", "version", "data", "status", "outcome", "created_at", "updated_at", "submitted_at")
SELECT "id", 'onboarding', "account_id", '', 'legacy-' || "flow_version", "data",
  CASE WHEN "status" = 'draft' THEN 'draft' ELSE 'submitted' END,
  CASE WHEN "status" = 'draft' THEN NULL WHEN "requires_sales_contact" THEN 'reach-out' ELSE 'submit' END,
  "created_at", "updated_at", "submitted_at"
FROM "applications";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "draft_id" text;--> statement-breakpoint
UPDATE "applications" SET "draft_id" = "id";--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "draft_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_flow_owner_scope_unique" ON "drafts" USING btree ("flow","owner_id","scope");--> statement-breakpoint
CREATE INDEX "drafts_flow_status_idx" ON "drafts" USING btree ("flow","status");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_draft_id_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_draft_unique" ON "applications" USING btree ("draft_id");--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "data";--> statement-breakpoint
ALTER TABLE "applications" DROP COLUMN "flow_version";