import { TRIAL_DAYS } from "../../shared/constants";
import type { DirectorId } from "../../shared/directors";
import type { OnboardingData } from "../../shared/onboarding";
import type { PlanId } from "../../shared/plans";
import { TRAINING_QUESTIONS, type TrainingAnswers } from "../../shared/training";
import { businessProfiles, subscriptions } from "../db/schema";
import type { AppDeps } from "../deps";

/** Starting data for the directors, training and retrieval tests, written straight to the database. */

export const PROFILE: OnboardingData = {
  businessName: "Bright Bean Coffee Roasters",
  industry: "Specialty coffee",
  description: "We roast single-origin coffee in small batches and sell it in two cafés and online.",
  target: "Coffee lovers aged 25 to 45 who work from home.",
  products: "Whole-bean coffee, a monthly subscription at $24, espresso drinks and barista workshops.",
  goals: "Grow subscriptions from 300 to 800 and open a third café next autumn.",
  challenges: "Green coffee prices are up 30% and subscribers cancel after three months.",
  competitors: "Two national chains and a few online roasters.",
  uniqueValue: "We roast to order within 48 hours and know every farmer by name.",
  metrics: "Monthly revenue, active subscribers and churn.",
};

const MARTHA_ANSWERS: TrainingAnswers = {
  target_audience: "Remote workers aged 25 to 45 who love single-origin coffee.",
  marketing_channels: "Instagram brings most customers, then our email newsletter and word of mouth.",
  brand_voice: "Warm, expert and a little playful.",
  marketing_goals: "Reach 800 subscribers and 5,000 newsletter readers within a year.",
  previous_campaigns: "A spring tasting box sold 200 units from $500 of Instagram ads.",
  competitors_marketing: "The chains run discount apps; online roasters spend big on Facebook ads.",
  budget: "We spend $800 a month on marketing, mostly Instagram ads.",
  seo_status: "We have a website and a Google Business Profile with 140 reviews.",
  content_strategy: "Two Instagram posts a week and a monthly newsletter written by the owner.",
  marketing_challenges: "Subscribers churn after three months and we lack time for content.",
};

/** Ten valid answers for a director; martha's read like a real owner's. */
export function answersFor(directorId: DirectorId, suffix = ""): TrainingAnswers {
  if (directorId === "martha" && suffix === "") return { ...MARTHA_ANSWERS };
  return Object.fromEntries(
    TRAINING_QUESTIONS[directorId].map((question) => [
      question.name,
      `An answer about ${question.name.replaceAll("_", " ")}${suffix}`,
    ]),
  );
}

/** Gives the user a plan (the free trial starting now) and, unless told otherwise, a business profile. */
export async function givePlan(
  deps: Pick<AppDeps, "db" | "now">,
  userId: string,
  planId: PlanId,
  options: { profile?: OnboardingData | null } = {},
) {
  const now = deps.now();
  const trial = planId === "free-trial";
  await deps.db.insert(subscriptions).values({
    userId,
    planId,
    chosenAt: now,
    trialStartedAt: trial ? now : null,
    trialEndsAt: trial ? new Date(now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000) : null,
  });
  const profile = options.profile === undefined ? PROFILE : options.profile;
  if (profile) await deps.db.insert(businessProfiles).values({ userId, answers: profile });
}
