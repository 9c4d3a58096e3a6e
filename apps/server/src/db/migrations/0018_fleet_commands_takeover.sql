-- Issue 23 items 2, 3 and 6: remote commands to TVs (stored per device with their state and an
-- expiry), the newest screenshot of each TV ("on screen now", a small JPEG kept in the row: one
-- per device, replaced each time) and the emergency takeover with where it showed.
CREATE TABLE "device_command" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"device_id" uuid NOT NULL,
	"ad_space_id" uuid,
	"kind" text NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"problem" text,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp (3) with time zone,
	"finished_at" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_command" ADD CONSTRAINT "device_command_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_command" ADD CONSTRAINT "device_command_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_command" ADD CONSTRAINT "device_command_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_command" ADD CONSTRAINT "device_command_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_command_device_state_idx" ON "device_command" USING btree ("device_id","state");--> statement-breakpoint
CREATE INDEX "device_command_owner_created_idx" ON "device_command" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE TABLE "device_screenshot" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"ad_space_id" uuid,
	"jpeg_base64" text,
	"problem" text,
	"taken_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_screenshot" ADD CONSTRAINT "device_screenshot_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_screenshot" ADD CONSTRAINT "device_screenshot_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_screenshot" ADD CONSTRAINT "device_screenshot_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_screenshot_ad_space_idx" ON "device_screenshot" USING btree ("ad_space_id");--> statement-breakpoint
CREATE TABLE "takeover" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"message" text,
	"content_id" uuid,
	"playlist_id" uuid,
	"started_by" text,
	"started_by_name" text NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"ended_by" text
);
--> statement-breakpoint
ALTER TABLE "takeover" ADD CONSTRAINT "takeover_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeover" ADD CONSTRAINT "takeover_content_id_content_item_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeover" ADD CONSTRAINT "takeover_playlist_id_playlist_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlist"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeover" ADD CONSTRAINT "takeover_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeover" ADD CONSTRAINT "takeover_ended_by_user_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "takeover_owner_started_idx" ON "takeover" USING btree ("owner_id","started_at");--> statement-breakpoint
CREATE TABLE "takeover_ad_space" (
	"takeover_id" uuid NOT NULL,
	"ad_space_id" uuid NOT NULL,
	CONSTRAINT "takeover_ad_space_takeover_id_ad_space_id_pk" PRIMARY KEY("takeover_id","ad_space_id")
);
--> statement-breakpoint
ALTER TABLE "takeover_ad_space" ADD CONSTRAINT "takeover_ad_space_takeover_id_takeover_id_fk" FOREIGN KEY ("takeover_id") REFERENCES "public"."takeover"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeover_ad_space" ADD CONSTRAINT "takeover_ad_space_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "takeover_ad_space_ad_space_idx" ON "takeover_ad_space" USING btree ("ad_space_id");--> statement-breakpoint
CREATE TABLE "takeover_display" (
	"takeover_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"shown_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "takeover_display_takeover_id_device_id_pk" PRIMARY KEY("takeover_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "takeover_display" ADD CONSTRAINT "takeover_display_takeover_id_takeover_id_fk" FOREIGN KEY ("takeover_id") REFERENCES "public"."takeover"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeover_display" ADD CONSTRAINT "takeover_display_device_id_device_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device"("id") ON DELETE cascade ON UPDATE no action;
