CREATE TABLE "auth_attempt" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"failures" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_attempt_kind_subject_pk" PRIMARY KEY("kind","subject")
);
--> statement-breakpoint
CREATE INDEX "auth_attempt_last_at_idx" ON "auth_attempt" USING btree ("last_at");