-- Issue 18 item 4: two-factor sign-in (Better Auth's twoFactor plugin: TOTP and recovery codes).
-- `secret` and `backup_codes` are encrypted by Better Auth with the auth secret. The lockout
-- columns are the plugin's per-account limit on wrong codes at sign-in. `last_step_up_step` is
-- ours: the TOTP time step last spent on a payout request, so one code is never used twice.
ALTER TABLE "user" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_step_up_step" bigint
);
--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_user_id_idx" ON "two_factor" USING btree ("user_id");
