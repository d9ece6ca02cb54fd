CREATE TABLE "memory_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"keep_automatically" boolean DEFAULT false NOT NULL,
	"asks_hidden_until" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remembered_facts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"statement" text NOT NULL,
	"fact_date" date NOT NULL,
	"director_id" text,
	"only_director" boolean DEFAULT false NOT NULL,
	"key_fact" text,
	"status" text NOT NULL,
	"origin" text NOT NULL,
	"source_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memory_settings" ADD CONSTRAINT "memory_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remembered_facts" ADD CONSTRAINT "remembered_facts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remembered_facts" ADD CONSTRAINT "remembered_facts_source_message_id_messages_id_fk" FOREIGN KEY ("source_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remembered_facts_user_status_idx" ON "remembered_facts" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "remembered_facts_source_idx" ON "remembered_facts" USING btree ("source_message_id");