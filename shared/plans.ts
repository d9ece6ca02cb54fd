import { TRIAL_DAYS } from "./constants";

/** The three plans of spec section 3. */

export const PLAN_IDS = ["free-trial", "standard", "premium"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  price: string;
  description: string;
  features: readonly string[];
  popular: boolean;
  /** How many different directors a user on this plan may train. */
  directorCount: number;
  trainingLevel: number;
  /** Level 2 training: how many knowledge sources, and how many bytes of originals, the plan keeps. */
  knowledge: { sources: number; bytes: number };
  /** Documents and spreadsheets: how many the plan keeps, and how large one version may be (its JSON, in bytes). */
  documents: { count: number; bytes: number };
};

const KB = 1024;
const MB = 1024 * 1024;

export const PLANS: readonly Plan[] = [
  {
    id: "free-trial",
    name: "Free",
    price: "Free",
    description: `Try one AI director free for ${TRIAL_DAYS} days.`,
    features: [
      "1 AI director",
      "Training with 10 questions per director",
      "Answers grounded in your business profile",
      `${TRIAL_DAYS}-day free trial`,
    ],
    popular: false,
    directorCount: 1,
    trainingLevel: 1,
    knowledge: { sources: 10, bytes: 25 * MB },
    documents: { count: 10, bytes: 256 * KB },
  },
  {
    id: "standard",
    name: "Standard",
    price: "$29.99/month",
    description: "One director of your choice, for as long as you need.",
    features: [
      "1 AI director of your choice",
      "Training with 10 questions per director",
      "Unlimited conversations",
      "Answers grounded in your business profile",
    ],
    popular: true,
    directorCount: 1,
    trainingLevel: 1,
    knowledge: { sources: 50, bytes: 250 * MB },
    documents: { count: 100, bytes: 512 * KB },
  },
  {
    id: "premium",
    name: "Premium",
    price: "$79.99/month",
    description: "A full leadership team for a growing business.",
    features: [
      "4 AI directors",
      "Training with 10 questions per director",
      "Unlimited conversations",
      "Answers grounded in your business profile",
    ],
    popular: false,
    directorCount: 4,
    trainingLevel: 1,
    knowledge: { sources: 500, bytes: 2048 * MB },
    documents: { count: 1000, bytes: 1000 * KB },
  },
];

/** Before a plan is chosen, nothing can be stored. */
export const NO_PLAN_KNOWLEDGE = { sources: 0, bytes: 0 } as const;

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/**
 * The plan limit: a user may train a director they already trained, or a new
 * one while they have trained fewer different directors than the plan allows.
 */
export function canTrainDirector(plan: Plan, trainedDirectorIds: readonly string[], directorId: string): boolean {
  if (trainedDirectorIds.includes(directorId)) return true;
  return trainedDirectorIds.length < plan.directorCount;
}

/**
 * The plan to offer an owner who wants to train one more director while
 * `trainedCount` are trained: the first paid plan with room for it. Standard
 * allows one director like the trial, so after one it is Premium.
 */
export function planThatUnlocks(trainedCount: number): Plan | undefined {
  return PLANS.find((plan) => plan.id !== "free-trial" && plan.directorCount > trainedCount);
}

/** "1 director", "4 directors". */
export function directorAllowance(plan: Pick<Plan, "directorCount">): string {
  return plan.directorCount === 1 ? "1 director" : `${plan.directorCount} directors`;
}

/**
 * The owner's numbers (/numbers): how many metrics each plan tracks. Briefs come from trained directors only, so the
 * plan's director count also bounds how many briefs an owner gets each week.
 */
export const METRIC_LIMITS: Record<PlanId, number> = { "free-trial": 5, standard: 12, premium: 30 };

/** Scheduled requests ("Repeat weekly"): how many questions each plan repeats. */
export const SCHEDULE_LIMITS: Record<PlanId, number> = { "free-trial": 1, standard: 5, premium: 20 };
