CREATE TYPE "public"."upload_session_status" AS ENUM('active', 'final');--> statement-breakpoint
CREATE TYPE "public"."content_kind" AS ENUM('image', 'video');--> statement-breakpoint
CREATE TYPE "public"."content_processing_state" AS ENUM('processing', 'ready', 'failed');--> statement-breakpoint
CREATE TABLE "storage_object" (
	"bucket" text NOT NULL,
	"name" text NOT NULL,
	"owner_id" text NOT NULL,
	"blob_key" text NOT NULL,
	"generation" bigint NOT NULL,
	"metageneration" integer DEFAULT 1 NOT NULL,
	"size" bigint NOT NULL,
	"md5_hash" text NOT NULL,
	"content_type" text NOT NULL,
	"cache_control" text,
	"content_disposition" text,
	"content_encoding" text,
	"content_language" text,
	"custom_metadata" jsonb,
	"download_tokens" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_object_bucket_name_pk" PRIMARY KEY("bucket","name")
);
--> statement-breakpoint
CREATE TABLE "upload_session" (
	"id" text PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"name" text NOT NULL,
	"owner_id" text NOT NULL,
	"total_size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"status" "upload_session_status" DEFAULT 'active' NOT NULL,
	"content_type" text NOT NULL,
	"cache_control" text,
	"content_disposition" text,
	"content_encoding" text,
	"content_language" text,
	"custom_metadata" jsonb,
	"driver_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_item" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"object_path" text NOT NULL,
	"kind" "content_kind" NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"md5" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"duration_ms" integer,
	"poster_path" text,
	"processing_state" "content_processing_state" DEFAULT 'ready' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_item" ADD CONSTRAINT "content_item_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_object_owner_idx" ON "storage_object" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "upload_session_owner_idx" ON "upload_session" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "upload_session_expires_idx" ON "upload_session" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "content_item_owner_created_idx" ON "content_item" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_item_owner_object_idx" ON "content_item" USING btree ("owner_id","object_path");