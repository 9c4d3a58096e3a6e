-- Issue 18 items 1 and 2: what a pairing TV asked from (shown on /pair), the pairing grant (a
-- credential that can only set one TV up), and device tokens that expire, rotate and record how
-- the TV signed in.
ALTER TABLE "device_code" ADD COLUMN "requested_user_agent" text;--> statement-breakpoint
ALTER TABLE "device_code" ADD COLUMN "requested_ip" text;--> statement-breakpoint
ALTER TABLE "device_code" ADD COLUMN "requested_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE TABLE "device_grant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_grant" ADD CONSTRAINT "device_grant_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_grant_token_hash_idx" ON "device_grant" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_grant_owner_idx" ON "device_grant" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "sign_in_method" text;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "token_expires_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "previous_token_hash" text;--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "previous_token_expires_at" timestamp (3) with time zone;--> statement-breakpoint
-- Tokens issued before lifetimes existed get one from now: they rotate like the others.
UPDATE "device" SET "token_expires_at" = now() + interval '30 days' WHERE "token_hash" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "device_previous_token_hash_idx" ON "device" USING btree ("previous_token_hash");
