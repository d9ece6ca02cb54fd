import type { DirectorId } from "./directors";
import type { MetricUnit, SuggestedMetric } from "./numbers";

/**
 * The metrics offered to an owner: those their onboarding answer "how you measure success" names, then each trained
 * director's usual ones. Offered, not imposed: the owner keeps, edits or skips each.
 */

type Template = Omit<SuggestedMetric, "reason" | "directorId">;

const money = (name: string, target: number | null = null): Template => ({
  name,
  unit: "money",
  cadence: "weekly",
  goodDirection: "up",
  target,
});
const metric = (name: string, unit: MetricUnit, extra: Partial<Template> = {}): Template => ({
  name,
  unit,
  cadence: "weekly",
  goodDirection: "up",
  target: null,
  ...extra,
});

/** Each director's department's usual figures. */
export const DEPARTMENT_METRICS: Record<DirectorId, Template[]> = {
  finn: [money("Revenue"), money("Cash in the bank"), metric("Gross margin", "percent", { cadence: "monthly" })],
  martha: [metric("New customers", "count"), metric("Email subscribers", "count")],
  sam: [metric("Leads", "count"), metric("Conversion rate", "percent"), money("Average order")],
  harper: [
    metric("Headcount", "count", { cadence: "monthly" }),
    metric("Staff turnover", "percent", { cadence: "monthly", goodDirection: "down" }),
  ],
  ollie: [metric("Orders fulfilled", "count"), metric("On-time rate", "percent")],
  ben: [metric("New partnerships", "count", { cadence: "monthly" }), money("Pipeline value")],
};

/** Words in the owner's answer, and the metric each one names. */
const ANSWER_WORDS: Array<{ words: RegExp; director: DirectorId; template: Template }> = [
  { words: /\b(revenue|sales|turnover|takings)\b/i, director: "finn", template: money("Revenue") },
  { words: /\bcash\b/i, director: "finn", template: money("Cash in the bank") },
  {
    words: /\b(margin|profit)\b/i,
    director: "finn",
    template: metric("Gross margin", "percent", { cadence: "monthly" }),
  },
  { words: /\bsubscri(bers|ptions)\b/i, director: "martha", template: metric("Active subscribers", "count") },
  { words: /\bchurn\b/i, director: "martha", template: metric("Churn", "percent", { goodDirection: "down" }) },
  { words: /\b(new )?customers?\b/i, director: "martha", template: metric("New customers", "count") },
  { words: /\bleads?\b/i, director: "sam", template: metric("Leads", "count") },
  { words: /\bconversion\b/i, director: "sam", template: metric("Conversion rate", "percent") },
  { words: /\b(orders?|deliver(y|ies))\b/i, director: "ollie", template: metric("Orders fulfilled", "count") },
  {
    words: /\b(staff|team|employees|headcount)\b/i,
    director: "harper",
    template: metric("Headcount", "count", { cadence: "monthly" }),
  },
];

/**
 * The suggestions for an owner, without the ones whose names they already track. The answer's come first (they are
 * the owner's own words), given to a trained director when the owner has one for that department, else to the first
 * trained director.
 */
export function suggestMetrics(input: {
  successAnswer: string | undefined;
  trainedDirectors: readonly DirectorId[];
  trackedNames: readonly string[];
}): SuggestedMetric[] {
  const tracked = new Set(input.trackedNames.map((name) => name.trim().toLowerCase()));
  const suggestions: SuggestedMetric[] = [];
  const add = (template: Template, directorId: DirectorId, reason: string) => {
    const key = template.name.toLowerCase();
    if (tracked.has(key)) return;
    tracked.add(key);
    suggestions.push({ ...template, directorId, reason });
  };
  const fallback = input.trainedDirectors[0];
  for (const { words, director, template } of ANSWER_WORDS) {
    if (!input.successAnswer || !words.test(input.successAnswer)) continue;
    const owner = input.trainedDirectors.includes(director) ? director : fallback;
    if (owner) add(template, owner, "From how you measure success");
  }
  for (const directorId of input.trainedDirectors) {
    for (const template of DEPARTMENT_METRICS[directorId]) add(template, directorId, "Usual for this department");
  }
  return suggestions;
}
