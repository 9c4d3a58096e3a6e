-- Issue 22 items 4 and 6: the platform's bank details, top-up references made by the platform,
-- and numbered PDF receipts.
ALTER TABLE "platform_settings" ADD COLUMN "bank" jsonb DEFAULT '{"accountHolder":"","iban":"","bic":"","bankName":"","address":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "top_up_request" ADD COLUMN "payment_method" text DEFAULT 'bank-transfer' NOT NULL;--> statement-breakpoint
-- Null only on requests from before: the buyer then wrote their own reference in "reference".
ALTER TABLE "top_up_request" ADD COLUMN "payment_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "top_up_payment_reference_idx" ON "top_up_request" USING btree ("payment_reference");--> statement-breakpoint
-- The last number issued per calendar year: bumped in the transaction that issues the receipt,
-- so a rolled-back issue gives its number back and the sequence has no gaps.
CREATE TABLE "receipt_counter" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
-- Like the ledger, kept when the user or the request is deleted (plain ids, no foreign keys).
CREATE TABLE "receipt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"top_up_id" uuid,
	"payout_id" uuid,
	"month" date,
	"amount_micros" bigint NOT NULL,
	"details" jsonb NOT NULL,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipt_kind" CHECK ("receipt"."kind" in ('top-up', 'payout', 'monthly-spend', 'monthly-earnings')),
	CONSTRAINT "receipt_subject" CHECK (("receipt"."kind" = 'top-up') = ("receipt"."top_up_id" is not null)
        and ("receipt"."kind" = 'payout') = ("receipt"."payout_id" is not null)
        and ("receipt"."kind" like 'monthly-%') = ("receipt"."month" is not null)),
	CONSTRAINT "receipt_amount_non_negative" CHECK ("receipt"."amount_micros" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_number_idx" ON "receipt" USING btree ("year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_top_up_idx" ON "receipt" USING btree ("top_up_id") WHERE "receipt"."top_up_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_payout_idx" ON "receipt" USING btree ("payout_id") WHERE "receipt"."payout_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_month_idx" ON "receipt" USING btree ("user_id","kind","month") WHERE "receipt"."month" is not null;--> statement-breakpoint
CREATE INDEX "receipt_user_idx" ON "receipt" USING btree ("user_id","issued_at");--> statement-breakpoint
-- The grouped owner earnings (issue 22 item 6) read an owner's billed plays by day.
CREATE INDEX "impression_owner_day_idx" ON "impression" USING btree ("owner_id","local_day") WHERE "impression"."verdict" = 'billed';
