ALTER TABLE "context_pieces" ADD COLUMN "heading" text;--> statement-breakpoint
ALTER TABLE "context_pieces" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "context_pieces" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(heading, '')), 'A') || to_tsvector('english', content)) STORED;
