CREATE TABLE "context_piece_owner_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"pieces" integer NOT NULL,
	"content_length" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "context_piece_terms" (
	"user_id" text NOT NULL,
	"lexeme" text NOT NULL,
	"pieces" integer NOT NULL,
	CONSTRAINT "context_piece_terms_user_id_lexeme_pk" PRIMARY KEY("user_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "context_piece_owner_stats" ADD CONSTRAINT "context_piece_owner_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "context_piece_terms" ADD CONSTRAINT "context_piece_terms_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "context_pieces_search_idx" ON "context_pieces" USING gin ("search_vector");