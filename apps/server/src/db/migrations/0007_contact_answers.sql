CREATE TYPE "public"."contact_message_status" AS ENUM('open', 'answered', 'closed');--> statement-breakpoint
ALTER TABLE "contact_message" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "contact_message" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "status" "contact_message_status" DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "answered_by" text;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "closed_by" text;--> statement-breakpoint
ALTER TABLE "contact_message" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_answered_by_user_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_closed_by_user_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_message_status_idx" ON "contact_message" USING btree ("status","created_at");