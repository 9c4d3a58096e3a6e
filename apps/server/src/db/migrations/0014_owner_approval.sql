-- Owner approval and brand safety (issue 22 item 1): docs/marketplace.md "Owner approval".
-- A campaign's category; each space's approval policy (no row: the platform decides, as before);
-- the owner's decisions per campaign and space (no row: pending until the deadline).
CREATE TYPE "public"."approval_mode" AS ENUM('review', 'rules', 'platform');--> statement-breakpoint
CREATE TYPE "public"."space_approval_decision" AS ENUM('approved', 'declined', 'expired');--> statement-breakpoint
ALTER TABLE "campaign" ADD COLUMN "category" text;--> statement-breakpoint
CREATE TABLE "ad_space_approval_policy" (
	"ad_space_id" uuid PRIMARY KEY NOT NULL,
	"mode" "approval_mode" DEFAULT 'platform' NOT NULL,
	"allowed_advertiser_ids" text[] DEFAULT '{}' NOT NULL,
	"blocked_advertiser_ids" text[] DEFAULT '{}' NOT NULL,
	"blocked_categories" text[] DEFAULT '{}' NOT NULL,
	"effective_since" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "campaign_space_approval" (
	"campaign_id" uuid NOT NULL,
	"ad_space_id" uuid NOT NULL,
	"decision" "space_approval_decision" NOT NULL,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_space_approval_campaign_id_ad_space_id_pk" PRIMARY KEY("campaign_id","ad_space_id")
);--> statement-breakpoint
ALTER TABLE "ad_space_approval_policy" ADD CONSTRAINT "ad_space_approval_policy_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_space_approval_policy" ADD CONSTRAINT "ad_space_approval_policy_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_space_approval" ADD CONSTRAINT "campaign_space_approval_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_space_approval" ADD CONSTRAINT "campaign_space_approval_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_space_approval" ADD CONSTRAINT "campaign_space_approval_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_space_approval_space_idx" ON "campaign_space_approval" USING btree ("ad_space_id");
