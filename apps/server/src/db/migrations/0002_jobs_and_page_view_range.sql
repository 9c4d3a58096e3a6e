CREATE TABLE "job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"key" text,
	"interval_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_attempts_check" CHECK ("job"."attempts" >= 0 and "job"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE INDEX "job_claim_idx" ON "job" USING btree ("state","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_active_key_idx" ON "job" USING btree ("key") WHERE "job"."state" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "page_view_created_at_idx" ON "page_view" USING btree ("created_at");