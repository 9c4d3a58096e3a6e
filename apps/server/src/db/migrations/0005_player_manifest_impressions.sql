CREATE TABLE "impression" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"ad_space_id" uuid NOT NULL,
	"sequence" bigint NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"shown_ms" integer NOT NULL,
	"end_reason" text NOT NULL,
	"playlist_id" uuid,
	"playlist_version" integer,
	"item_id" text NOT NULL,
	"content_id" uuid,
	"campaign_id" uuid,
	"creative_id" uuid,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device" ADD COLUMN "heartbeat" jsonb;--> statement-breakpoint
ALTER TABLE "impression" ADD CONSTRAINT "impression_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impression" ADD CONSTRAINT "impression_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "impression" ADD CONSTRAINT "impression_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impression_ad_space_started_idx" ON "impression" USING btree ("ad_space_id","started_at");--> statement-breakpoint
CREATE INDEX "impression_device_sequence_idx" ON "impression" USING btree ("device_id","sequence");