CREATE TABLE "flow_audit" (
	"id" text PRIMARY KEY NOT NULL,
	"flow" text NOT NULL,
	"action" text NOT NULL,
	"from_version" text,
	"to_version" text NOT NULL,
	"actor_id" text,
	"classification" text,
	"affected_drafts" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_pointers" (
	"flow" text PRIMARY KEY NOT NULL,
	"version_id" text NOT NULL,
	"set_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"flow" text NOT NULL,
	"content" jsonb NOT NULL,
	"compiled" jsonb,
	"origin" text NOT NULL,
	"author_id" text,
	"note" text,
	"classification" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "studio_working_copies" (
	"account_id" text NOT NULL,
	"flow" text NOT NULL,
	"base_version" text NOT NULL,
	"content" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_working_copies_account_id_flow_pk" PRIMARY KEY("account_id","flow")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "flow_pointers" ADD CONSTRAINT "flow_pointers_version_id_flow_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."flow_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_working_copies" ADD CONSTRAINT "studio_working_copies_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_audit_flow_idx" ON "flow_audit" USING btree ("flow","created_at");--> statement-breakpoint
CREATE INDEX "flow_versions_flow_idx" ON "flow_versions" USING btree ("flow","created_at");