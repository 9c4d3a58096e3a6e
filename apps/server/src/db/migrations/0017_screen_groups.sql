-- Screen groups and tags (issue 23 item 1). An ad space carries free-text tags (normalized by
-- packages/shared/src/screen-group.ts). A group is a static set of spaces (screen_group_member)
-- or a saved tag query: every space of the owner that carries all of the group's tags. A schedule
-- entry targets one ad space or one group, never both: a group entry plays on every member, each
-- reading it in its own location's zone.
ALTER TABLE "ad_space" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "ad_space_tags_idx" ON "ad_space" USING gin ("tags");--> statement-breakpoint
CREATE TYPE "public"."screen_group_kind" AS ENUM('static', 'tags');--> statement-breakpoint
CREATE TABLE "screen_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" "screen_group_kind" NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "screen_group" ADD CONSTRAINT "screen_group_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screen_group_owner_name_idx" ON "screen_group" USING btree ("owner_id","name","id");--> statement-breakpoint
CREATE TABLE "screen_group_member" (
	"group_id" uuid NOT NULL,
	"ad_space_id" uuid NOT NULL,
	CONSTRAINT "screen_group_member_pk" PRIMARY KEY("group_id","ad_space_id")
);--> statement-breakpoint
ALTER TABLE "screen_group_member" ADD CONSTRAINT "screen_group_member_group_id_screen_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."screen_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_group_member" ADD CONSTRAINT "screen_group_member_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screen_group_member_ad_space_idx" ON "screen_group_member" USING btree ("ad_space_id");--> statement-breakpoint
ALTER TABLE "schedule_entry" ALTER COLUMN "ad_space_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_entry" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "schedule_entry" ADD CONSTRAINT "schedule_entry_group_id_screen_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."screen_group"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_entry" ADD CONSTRAINT "schedule_entry_one_target" CHECK (num_nonnulls("schedule_entry"."ad_space_id", "schedule_entry"."group_id") = 1);--> statement-breakpoint
CREATE INDEX "schedule_entry_group_idx" ON "schedule_entry" USING btree ("group_id","first_day","id");
