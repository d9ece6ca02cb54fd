ALTER TABLE "conversations" ADD COLUMN "directors" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "director_id" text;