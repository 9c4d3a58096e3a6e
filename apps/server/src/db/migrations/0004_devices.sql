CREATE TABLE "device" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"ad_space_id" uuid,
	"device_key" text NOT NULL,
	"name" text,
	"user_agent" text NOT NULL,
	"app_version" text NOT NULL,
	"token_hash" text,
	"last_seen_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device" ADD CONSTRAINT "device_ad_space_id_ad_space_id_fk" FOREIGN KEY ("ad_space_id") REFERENCES "public"."ad_space"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_owner_key_idx" ON "device" USING btree ("owner_id","device_key");--> statement-breakpoint
CREATE UNIQUE INDEX "device_token_hash_idx" ON "device" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "device_ad_space_idx" ON "device" USING btree ("ad_space_id");