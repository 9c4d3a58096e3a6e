-- Four eyes on money and the money audit log (issue 18 item 6). Written by hand.
-- 1. The state between two approvals. Added values are not used in this migration (PostgreSQL
--    refuses a new enum value in the transaction that added it).
ALTER TYPE "public"."top_up_state" ADD VALUE IF NOT EXISTS 'awaiting-second-approval' AFTER 'pending';--> statement-breakpoint
ALTER TYPE "public"."payout_state" ADD VALUE IF NOT EXISTS 'awaiting-second-approval' AFTER 'pending';--> statement-breakpoint
ALTER TABLE "top_up_request" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "top_up_request" ADD COLUMN "first_approved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "top_up_request" ADD CONSTRAINT "top_up_request_first_approved_by_user_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_request" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "payout_request" ADD COLUMN "first_approved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payout_request" ADD CONSTRAINT "payout_request_first_approved_by_user_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- 2. The amount above which two super-users approve (€10,000 until a super-user saves another).
ALTER TABLE "platform_settings" ADD COLUMN "four_eyes_above_micros" bigint DEFAULT 10000000000 NOT NULL;--> statement-breakpoint
-- 3. The audit log: every decision on money, append-only like the ledger.
CREATE TABLE "money_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"requester_id" text NOT NULL,
	"requester_email" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"reason" text,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"actor_name" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	CONSTRAINT "money_audit_log_kind" CHECK ("money_audit_log"."kind" in ('top-up', 'payout', 'campaign')),
	CONSTRAINT "money_audit_log_action" CHECK ("money_audit_log"."action" in ('first-approval', 'approve', 'reject', 'mark-paid'))
);
--> statement-breakpoint
CREATE INDEX "money_audit_log_created_idx" ON "money_audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "money_audit_log_kind_created_idx" ON "money_audit_log" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE FUNCTION money_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The money audit log is append-only: % on % is refused.', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER money_audit_log_append_only BEFORE UPDATE OR DELETE ON "money_audit_log"
  FOR EACH ROW EXECUTE FUNCTION money_audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER money_audit_log_no_truncate BEFORE TRUNCATE ON "money_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION money_audit_log_refuse_change();
