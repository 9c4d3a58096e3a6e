-- Proof of play a buyer can trust (issue 17): verdicts and billable time on each play, the fills
-- each TV was sent, monetization periods with their targeting snapshot, deferred hold release.
ALTER TABLE "impression" ADD COLUMN "verdict" text;--> statement-breakpoint
ALTER TABLE "impression" ADD COLUMN "billable_from" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "impression" ADD COLUMN "billable_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "impression" ADD COLUMN "owner_share_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "impression" ADD COLUMN "local_day" date;--> statement-breakpoint
ALTER TABLE "impression" ADD COLUMN "settled_at" timestamp (3) with time zone;--> statement-breakpoint
-- Plays stored before: ad plays keep what they were billed, with the owner's share at the
-- commission in force now (the ledger holds the exact figures), and their local day.
UPDATE "impression" i SET
  "verdict" = CASE WHEN i."campaign_id" IS NULL THEN NULL WHEN i."billed_micros" > 0 THEN 'billed' ELSE 'legacy' END,
  "owner_share_micros" = (i."billed_micros" * (10000 - coalesce((SELECT "commission_basis_points" FROM "platform_settings" WHERE "id" = 1), 2000))) / 10000,
  "settled_at" = i."received_at",
  "local_day" = (i."started_at" AT TIME ZONE l."time_zone")::date
FROM "ad_space" s JOIN "location" l ON l."id" = s."location_id"
WHERE s."id" = i."ad_space_id";--> statement-breakpoint
CREATE INDEX "impression_pending_idx" ON "impression" USING btree ("campaign_id","started_at") WHERE "impression"."verdict" = 'pending';--> statement-breakpoint
CREATE INDEX "impression_device_billable_idx" ON "impression" USING btree ("device_id","billable_from") WHERE "impression"."billable_ms" > 0;--> statement-breakpoint
CREATE INDEX "impression_campaign_day_idx" ON "impression" USING btree ("campaign_id","local_day");--> statement-breakpoint
CREATE TABLE "served_fill" (
	"ad_space_id" uuid NOT NULL,
	"version" text NOT NULL,
	"fill" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "served_fill_ad_space_id_version_pk" PRIMARY KEY("ad_space_id","version")
);--> statement-breakpoint
ALTER TABLE "served_fill" ADD CONSTRAINT "served_fill_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "device_served_fill" (
	"device_id" uuid NOT NULL,
	"ad_space_id" uuid NOT NULL,
	"version" text NOT NULL,
	"served_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_served_fill_device_id_version_pk" PRIMARY KEY("device_id","version")
);--> statement-breakpoint
ALTER TABLE "device_served_fill" ADD CONSTRAINT "device_served_fill_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_served_fill_served_idx" ON "device_served_fill" USING btree ("device_id","served_at");--> statement-breakpoint
ALTER TABLE "monetization_request" ADD COLUMN "approved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "monetization_request" ADD COLUMN "ended_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "monetization_request" ADD COLUMN "approved_city" text;--> statement-breakpoint
ALTER TABLE "monetization_request" ADD COLUMN "approved_venue_type" "venue_type";--> statement-breakpoint
ALTER TABLE "monetization_request" ADD COLUMN "approved_orientation" "orientation";--> statement-breakpoint
-- Requests approved now: monetized since their decision, targeted as the space is now.
UPDATE "monetization_request" m SET
  "approved_at" = coalesce(m."decided_at", m."updated_at"),
  "approved_city" = l."city",
  "approved_venue_type" = l."venue_type",
  "approved_orientation" = s."orientation"
FROM "ad_space" s JOIN "location" l ON l."id" = s."location_id"
WHERE s."id" = m."ad_space_id" AND m."state" = 'approved';--> statement-breakpoint
ALTER TABLE "campaign" ADD COLUMN "hold_release_at" timestamp (3) with time zone;
