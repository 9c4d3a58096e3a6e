CREATE TYPE "public"."campaign_state" AS ENUM('draft', 'pending', 'approved', 'paused', 'rejected', 'completed', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."ledger_account_kind" AS ENUM('wallet', 'campaign-hold', 'payout-hold', 'platform-revenue', 'external');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_kind" AS ENUM('top-up', 'campaign-hold', 'campaign-release', 'impression-charge', 'payout-hold', 'payout-release', 'payout-paid');--> statement-breakpoint
CREATE TYPE "public"."monetization_state" AS ENUM('pending', 'approved', 'rejected', 'suspended', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."payout_state" AS ENUM('pending', 'approved', 'paid', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."top_up_state" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "ad_playlist" (
	"ad_space_id" uuid PRIMARY KEY NOT NULL,
	"pinned_campaign_ids" uuid[] DEFAULT '{}' NOT NULL,
	"excluded_campaign_ids" uuid[] DEFAULT '{}' NOT NULL,
	"house_ad_content_ids" uuid[] DEFAULT '{}' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"creative_ids" uuid[] NOT NULL,
	"targeting" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"dayparts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bid_micros_per_second" bigint NOT NULL,
	"budget_micros" bigint NOT NULL,
	"daily_cap_micros" bigint,
	"destination_url" text,
	"state" "campaign_state" DEFAULT 'draft' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_amounts_positive" CHECK ("campaign"."bid_micros_per_second" > 0 and "campaign"."budget_micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"from_state" "campaign_state",
	"to_state" "campaign_state" NOT NULL,
	"actor_id" text,
	"reason" text,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"principal_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_key_principal_id_key_pk" PRIMARY KEY("principal_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"user_id" text,
	"campaign_id" uuid,
	"balance_micros" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_account_non_negative" CHECK ("ledger_account"."kind" = 'external' or "ledger_account"."balance_micros" >= 0),
	CONSTRAINT "ledger_account_owner" CHECK (("ledger_account"."kind" in ('wallet', 'payout-hold')) = ("ledger_account"."user_id" is not null)
        and ("ledger_account"."kind" = 'campaign-hold') = ("ledger_account"."campaign_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_micros" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_non_zero" CHECK ("ledger_entry"."amount_micros" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transaction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_transaction_kind" NOT NULL,
	"description" text NOT NULL,
	"actor_id" text,
	"campaign_id" uuid,
	"top_up_id" uuid,
	"payout_id" uuid,
	"device_id" uuid,
	"ad_space_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monetization_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_space_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"floor_micros_per_second" bigint NOT NULL,
	"state" "monetization_state" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monetization_floor_positive" CHECK ("monetization_request"."floor_micros_per_second" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"account_holder" text NOT NULL,
	"iban_masked" text NOT NULL,
	"iban_encrypted" text NOT NULL,
	"state" "payout_state" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone,
	"paid_by" text,
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_amount_positive" CHECK ("payout_request"."amount_micros" > 0)
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"commission_basis_points" integer NOT NULL,
	"min_micros_per_second" bigint NOT NULL,
	"top_up_min_micros" bigint NOT NULL,
	"top_up_max_micros" bigint NOT NULL,
	"payout_min_micros" bigint NOT NULL,
	"payout_max_micros" bigint NOT NULL,
	"player" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_single_row" CHECK ("platform_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "qr_code" (
	"code" text PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"ad_space_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_scan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"ad_space_id" uuid,
	"scanned_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "top_up_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"reference" text NOT NULL,
	"receipt_content_id" uuid,
	"state" "top_up_state" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_up_amount_positive" CHECK ("top_up_request"."amount_micros" > 0)
);
--> statement-breakpoint
ALTER TABLE "impression" ADD COLUMN "billed_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_playlist" ADD CONSTRAINT "ad_playlist_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_playlist" ADD CONSTRAINT "ad_playlist_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign" ADD CONSTRAINT "campaign_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_event" ADD CONSTRAINT "campaign_event_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_event" ADD CONSTRAINT "campaign_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_transaction_id_ledger_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_account_id_ledger_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monetization_request" ADD CONSTRAINT "monetization_request_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monetization_request" ADD CONSTRAINT "monetization_request_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monetization_request" ADD CONSTRAINT "monetization_request_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_request" ADD CONSTRAINT "payout_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_request" ADD CONSTRAINT "payout_request_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_request" ADD CONSTRAINT "payout_request_paid_by_user_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_settings" ADD CONSTRAINT "platform_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_code" ADD CONSTRAINT "qr_code_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_code" ADD CONSTRAINT "qr_code_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scan" ADD CONSTRAINT "qr_scan_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_scan" ADD CONSTRAINT "qr_scan_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_request" ADD CONSTRAINT "top_up_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_request" ADD CONSTRAINT "top_up_request_receipt_content_id_content_item_id_fk" FOREIGN KEY ("receipt_content_id") REFERENCES "public"."content_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_up_request" ADD CONSTRAINT "top_up_request_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_owner_idx" ON "campaign" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_state_idx" ON "campaign" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "campaign_creatives_idx" ON "campaign" USING gin ("creative_ids");--> statement-breakpoint
CREATE INDEX "campaign_event_campaign_idx" ON "campaign_event" USING btree ("campaign_id","at");--> statement-breakpoint
CREATE INDEX "idempotency_key_created_idx" ON "idempotency_key" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_user_idx" ON "ledger_account" USING btree ("kind","user_id") WHERE "ledger_account"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_campaign_idx" ON "ledger_account" USING btree ("campaign_id") WHERE "ledger_account"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entry_transaction_idx" ON "ledger_entry" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transaction_campaign_idx" ON "ledger_transaction" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "ledger_transaction_ad_space_idx" ON "ledger_transaction" USING btree ("ad_space_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transaction_created_idx" ON "ledger_transaction" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "monetization_open_idx" ON "monetization_request" USING btree ("ad_space_id") WHERE "monetization_request"."state" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "monetization_owner_idx" ON "monetization_request" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "monetization_state_idx" ON "monetization_request" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "payout_user_idx" ON "payout_request" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_state_idx" ON "payout_request" USING btree ("state","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_code_campaign_space_idx" ON "qr_code" USING btree ("campaign_id","ad_space_id");--> statement-breakpoint
CREATE INDEX "qr_scan_campaign_idx" ON "qr_scan" USING btree ("campaign_id","scanned_at");--> statement-breakpoint
CREATE INDEX "top_up_user_idx" ON "top_up_request" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "top_up_state_idx" ON "top_up_request" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "impression_campaign_started_idx" ON "impression" USING btree ("campaign_id","started_at");--> statement-breakpoint
-- The ledger's rules, enforced by the database itself (docs/marketplace.md, "The ledger").
-- 1. The platform's two accounts.
INSERT INTO "ledger_account" ("id", "kind") VALUES
  ('00000000-0000-4000-8000-000000000001', 'external'),
  ('00000000-0000-4000-8000-000000000002', 'platform-revenue');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_platform_idx" ON "ledger_account" ("kind") WHERE "kind" IN ('external', 'platform-revenue');--> statement-breakpoint
-- 2. Entries and transactions are append-only.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The ledger is append-only: % on % is refused.', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entry_append_only BEFORE UPDATE OR DELETE ON "ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entry_no_truncate BEFORE TRUNCATE ON "ledger_entry"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_transaction_append_only BEFORE UPDATE OR DELETE ON "ledger_transaction"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_transaction_no_truncate BEFORE TRUNCATE ON "ledger_transaction"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- 3. Every entry moves its account's cached balance; the account's CHECK refuses a negative one.
CREATE FUNCTION ledger_entry_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ledger_account" SET "balance_micros" = "balance_micros" + NEW."amount_micros"
    WHERE "id" = NEW."account_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_entry_apply AFTER INSERT ON "ledger_entry"
  FOR EACH ROW EXECUTE FUNCTION ledger_entry_apply();--> statement-breakpoint
-- 4. A transaction's entries sum to zero, checked at commit.
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT coalesce(sum("amount_micros"), 0) INTO total FROM "ledger_entry"
    WHERE "transaction_id" = NEW."transaction_id";
  IF total <> 0 THEN
    RAISE EXCEPTION 'Ledger transaction % does not balance (sum %).', NEW."transaction_id", total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transaction_balanced AFTER INSERT ON "ledger_entry"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();
