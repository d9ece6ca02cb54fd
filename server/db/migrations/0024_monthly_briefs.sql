-- Monthly briefs (server/numbers/): a brief is weekly or monthly, and its unique key (owner, director, cadence, period)
-- keeps one of each per period, since a month that starts on a Monday names a week too.
DROP INDEX "director_briefs_owner_director_period_idx";--> statement-breakpoint
ALTER TABLE "director_briefs" ADD COLUMN "cadence" text DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "director_briefs_owner_director_cadence_period_idx" ON "director_briefs" USING btree ("user_id","director_id","cadence","period");