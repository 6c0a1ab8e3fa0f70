CREATE TABLE "form_draft_last" (
	"draft_id" text PRIMARY KEY NOT NULL,
	"flow" text NOT NULL,
	"version" text NOT NULL,
	"lang" text NOT NULL,
	"device" text NOT NULL,
	"step" text,
	"at" timestamp with time zone NOT NULL,
	"submitted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_draft_marks" (
	"draft_id" text NOT NULL,
	"mark" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_draft_marks_draft_id_mark_pk" PRIMARY KEY("draft_id","mark")
);
--> statement-breakpoint
CREATE TABLE "form_insight_counts" (
	"flow" text NOT NULL,
	"version" text NOT NULL,
	"day" date NOT NULL,
	"lang" text NOT NULL,
	"device" text NOT NULL,
	"kind" text NOT NULL,
	"step" text NOT NULL,
	"field" text NOT NULL,
	"rule" text NOT NULL,
	"events" integer NOT NULL,
	"drafts" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_step_times" (
	"flow" text NOT NULL,
	"version" text NOT NULL,
	"day" date NOT NULL,
	"lang" text NOT NULL,
	"device" text NOT NULL,
	"step" text NOT NULL,
	"seconds" integer NOT NULL,
	"drafts" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_draft_last_version_idx" ON "form_draft_last" USING btree ("flow","version");--> statement-breakpoint
CREATE INDEX "form_draft_marks_at_idx" ON "form_draft_marks" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_insight_counts_key" ON "form_insight_counts" USING btree ("flow","version","day","lang","device","kind","step","field","rule");--> statement-breakpoint
CREATE UNIQUE INDEX "form_step_times_key" ON "form_step_times" USING btree ("flow","version","day","lang","device","step","seconds");