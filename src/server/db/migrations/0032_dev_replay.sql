CREATE TABLE "dev_replay_chunks" (
	"session_id" text NOT NULL,
	"seq" integer NOT NULL,
	"area" text NOT NULL,
	"events" jsonb NOT NULL,
	"event_count" integer NOT NULL,
	"bytes" integer NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "dev_replay_chunks_session_id_seq_pk" PRIMARY KEY("session_id","seq")
);
--> statement-breakpoint
CREATE INDEX "dev_replay_chunks_received_idx" ON "dev_replay_chunks" USING btree ("received_at");