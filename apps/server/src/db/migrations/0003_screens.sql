CREATE TYPE "public"."orientation" AS ENUM('landscape', 'portrait');--> statement-breakpoint
CREATE TYPE "public"."venue_type" AS ENUM('retail', 'food-and-drink', 'transit', 'fitness', 'office', 'health', 'education', 'hospitality', 'other');--> statement-breakpoint
CREATE TABLE "ad_space" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"orientation" "orientation" NOT NULL,
	"resolution_width" integer NOT NULL,
	"resolution_height" integer NOT NULL,
	"default_playlist_id" uuid,
	"content_version" integer DEFAULT 1 NOT NULL,
	"last_seen_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"address_line" text NOT NULL,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text,
	"country" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"time_zone" text NOT NULL,
	"venue_type" "venue_type" NOT NULL,
	"audience" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_entry" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"ad_space_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date,
	"weekdays" smallint[] NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"priority" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_entry_priority_range" CHECK ("schedule_entry"."priority" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "ad_space" ADD CONSTRAINT "ad_space_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_space" ADD CONSTRAINT "ad_space_location_id_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_space" ADD CONSTRAINT "ad_space_default_playlist_id_playlist_id_fk" FOREIGN KEY ("default_playlist_id") REFERENCES "public"."playlist"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist" ADD CONSTRAINT "playlist_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entry" ADD CONSTRAINT "schedule_entry_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entry" ADD CONSTRAINT "schedule_entry_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entry" ADD CONSTRAINT "schedule_entry_playlist_id_playlist_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlist"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_space_owner_name_idx" ON "ad_space" USING btree ("owner_id","name","id");--> statement-breakpoint
CREATE INDEX "ad_space_location_idx" ON "ad_space" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "ad_space_default_playlist_idx" ON "ad_space" USING btree ("default_playlist_id");--> statement-breakpoint
CREATE INDEX "location_owner_name_idx" ON "location" USING btree ("owner_id","name","id");--> statement-breakpoint
CREATE INDEX "playlist_owner_name_idx" ON "playlist" USING btree ("owner_id","name","id");--> statement-breakpoint
CREATE INDEX "playlist_items_idx" ON "playlist" USING gin ("items");--> statement-breakpoint
CREATE INDEX "schedule_entry_ad_space_idx" ON "schedule_entry" USING btree ("ad_space_id","first_day","id");--> statement-breakpoint
CREATE INDEX "schedule_entry_playlist_idx" ON "schedule_entry" USING btree ("playlist_id");