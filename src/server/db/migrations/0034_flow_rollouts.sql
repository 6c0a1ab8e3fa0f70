ALTER TABLE "flow_audit" ADD COLUMN "share" integer;--> statement-breakpoint
ALTER TABLE "flow_pointers" ADD COLUMN "candidate_version" text;--> statement-breakpoint
ALTER TABLE "flow_pointers" ADD COLUMN "candidate_share" integer;--> statement-breakpoint
ALTER TABLE "flow_pointers" ADD CONSTRAINT "flow_pointers_candidate_version_flow_versions_id_fk" FOREIGN KEY ("candidate_version") REFERENCES "public"."flow_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_events_left_idx" ON "form_events" USING btree ("draft_id") WHERE kind = 'left';