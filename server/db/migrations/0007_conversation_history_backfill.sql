-- Conversations kept before histories existed: their last activity, a title from the first question's first words,
-- and each answer linked to the question it answers.
UPDATE "messages" SET "updated_at" = "created_at";
--> statement-breakpoint
UPDATE "conversations" c SET
  "updated_at" = coalesce((SELECT max(m."created_at") FROM "messages" m WHERE m."conversation_id" = c."id"), c."created_at"),
  "title" = (
    SELECT left(regexp_replace(trim(m."content"), '\s+', ' ', 'g'), 60) FROM "messages" m
    WHERE m."conversation_id" = c."id" AND m."sender" = 'user' ORDER BY m."created_at" LIMIT 1
  ),
  "title_source" = 'question';
--> statement-breakpoint
UPDATE "messages" a SET "reply_to" = (
  SELECT q."id" FROM "messages" q
  WHERE q."conversation_id" = a."conversation_id" AND q."sender" = 'user' AND q."created_at" < a."created_at"
  ORDER BY q."created_at" DESC LIMIT 1
) WHERE a."sender" = 'ai';
