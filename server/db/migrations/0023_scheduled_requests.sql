-- Scheduled requests (server/schedules/): a question asked again of a director each week or month, and one run
-- per request per period (its unique key keeps it to one), whose answer is a new conversation.
CREATE TABLE "scheduled_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"director_id" text NOT NULL,
	"question" text NOT NULL,
	"cadence" text DEFAULT 'weekly' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"period" date NOT NULL,
	"conversation_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_requests" ADD CONSTRAINT "scheduled_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_runs" ADD CONSTRAINT "scheduled_runs_request_id_scheduled_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."scheduled_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_runs" ADD CONSTRAINT "scheduled_runs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_runs" ADD CONSTRAINT "scheduled_runs_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_requests_user_idx" ON "scheduled_requests" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_runs_request_period_idx" ON "scheduled_runs" USING btree ("request_id","period");--> statement-breakpoint
CREATE INDEX "scheduled_runs_user_idx" ON "scheduled_runs" USING btree ("user_id");