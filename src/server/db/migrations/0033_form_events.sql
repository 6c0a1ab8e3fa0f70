CREATE TABLE "form_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"flow" text NOT NULL,
	"version" text NOT NULL,
	"draft_id" text NOT NULL,
	"kind" text NOT NULL,
	"step" text,
	"field" text,
	"rule" text,
	"lang" text,
	"device" text,
	"demo" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_events_flow_version_idx" ON "form_events" USING btree ("flow","version","kind");--> statement-breakpoint
CREATE INDEX "form_events_at_idx" ON "form_events" USING btree ("at");