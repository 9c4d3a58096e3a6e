-- Offline alerts and power schedules (issue 23 items 4 and 5).
ALTER TABLE "ad_space" ADD COLUMN "power_schedule" jsonb;--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"webhook_url" text,
	"webhook_secret" text NOT NULL,
	"offline_after_minutes" integer DEFAULT 10 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "alert_incident" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"ad_space_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"failing_since" timestamp (3) with time zone NOT NULL,
	"detail" text,
	"notified_at" timestamp (3) with time zone,
	"resolved_at" timestamp (3) with time zone,
	"resolved_notified_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_incident_kind" CHECK ("alert_incident"."kind" in ('offline', 'download-stuck', 'storage-low'))
);--> statement-breakpoint
ALTER TABLE "alert_incident" ADD CONSTRAINT "alert_incident_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_incident" ADD CONSTRAINT "alert_incident_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_incident_open_idx" ON "alert_incident" USING btree ("ad_space_id","kind") WHERE "alert_incident"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "alert_incident_owner_idx" ON "alert_incident" USING btree ("owner_id","created_at");
