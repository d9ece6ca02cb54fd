CREATE TABLE "knowledge_originals" (
	"source_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"format" text NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"final_url" text,
	"size_bytes" integer NOT NULL,
	"page_count" integer,
	"row_count" integer,
	"director_ids" text[],
	"status" text NOT NULL,
	"pieces_done" integer DEFAULT 0 NOT NULL,
	"pieces_total" integer DEFAULT 0 NOT NULL,
	"failure" text,
	"truncated" boolean DEFAULT false NOT NULL,
	"extracted_text" text,
	"run_token" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "context_pieces" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "context_pieces" ADD COLUMN "location" text;--> statement-breakpoint
ALTER TABLE "director_trainings" ADD COLUMN "index_failure" text;--> statement-breakpoint
ALTER TABLE "knowledge_originals" ADD CONSTRAINT "knowledge_originals_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_originals" ADD CONSTRAINT "knowledge_originals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_sources" ADD CONSTRAINT "knowledge_sources_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_sources_user_idx" ON "knowledge_sources" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "context_pieces" ADD CONSTRAINT "context_pieces_source_id_knowledge_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."knowledge_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "context_pieces_source_idx" ON "context_pieces" USING btree ("source_id");