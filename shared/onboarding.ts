import { z } from "zod";
import { ownerText } from "./validation";

/** The ten onboarding fields of spec section 3, in order, with the rules of section 5. */

export const ONBOARDING_FIELDS = [
  {
    name: "businessName",
    label: "What is the name of your business?",
    placeholder: "e.g. Bright Bean Coffee Roasters",
    input: "line",
    min: 1,
    message: "Business name is required",
  },
  {
    name: "industry",
    label: "Which industry are you in?",
    placeholder: "e.g. Specialty coffee, food & beverage retail",
    input: "line",
    min: 1,
    message: "Industry is required",
  },
  {
    name: "description",
    label: "Describe your business in a few sentences.",
    placeholder:
      "e.g. We roast single-origin coffee in small batches and sell it in our two cafés and through an online subscription.",
    input: "text",
    min: 10,
    message: "Please provide a more detailed description",
  },
  {
    name: "target",
    label: "Who is your target audience?",
    placeholder: "e.g. Coffee lovers aged 25–45 in the city who work from home and care where their beans come from.",
    input: "text",
    min: 10,
    message: "Please describe your target audience",
  },
  {
    name: "products",
    label: "What products or services do you offer?",
    placeholder:
      "e.g. Whole-bean and ground coffee, a monthly subscription at $24, espresso drinks, barista workshops.",
    input: "text",
    min: 10,
    message: "Please describe your products/services",
  },
  {
    name: "goals",
    label: "What are your main business goals for the next 12 months?",
    placeholder: "e.g. Grow subscriptions from 300 to 800 and open a third café by next autumn.",
    input: "text",
    min: 10,
    message: "Please describe your business goals",
  },
  {
    name: "challenges",
    label: "What are your biggest challenges right now?",
    placeholder: "e.g. Green coffee prices are up 30%, and subscribers cancel after about three months.",
    input: "text",
    min: 10,
    message: "Please describe your current challenges",
  },
  {
    name: "competitors",
    label: "Who are your main competitors?",
    placeholder: "e.g. Two national chains nearby and a few online roasters with bigger ad budgets.",
    input: "text",
    min: 5,
    message: "Please list some competitors",
  },
  {
    name: "uniqueValue",
    label: "What makes your business different from them?",
    placeholder: "e.g. We roast to order within 48 hours and know every farmer we buy from by name.",
    input: "text",
    min: 10,
    message: "Please describe your unique value proposition",
  },
  {
    name: "metrics",
    label: "How do you measure success?",
    placeholder: "e.g. Monthly revenue, active subscribers, churn rate, average order value.",
    input: "text",
    min: 5,
    message: "Please describe how you measure success",
  },
] as const;

export type OnboardingFieldName = (typeof ONBOARDING_FIELDS)[number]["name"];
export const ONBOARDING_STEPS = ONBOARDING_FIELDS.length;
/** The longest answer a step accepts. */
export const ONBOARDING_ANSWER_MAX_CHARS = 5000;

function fieldSchema(min: number, message: string) {
  return ownerText({ error: message }).trim().min(min, { error: message }).max(ONBOARDING_ANSWER_MAX_CHARS, {
    error: "Please keep this answer under 5,000 characters",
  });
}

export const onboardingFieldSchemas = Object.fromEntries(
  ONBOARDING_FIELDS.map((field) => [field.name, fieldSchema(field.min, field.message)]),
) as Record<OnboardingFieldName, z.ZodString>;

export const onboardingSchema = z.object(onboardingFieldSchemas);
export type OnboardingData = z.infer<typeof onboardingSchema>;

export function emptyOnboardingData(): OnboardingData {
  return Object.fromEntries(ONBOARDING_FIELDS.map((field) => [field.name, ""])) as OnboardingData;
}

export const ONBOARDING_FIELD_NAMES = ONBOARDING_FIELDS.map((field) => field.name) as [
  OnboardingFieldName,
  ...OnboardingFieldName[],
];

/**
 * PATCH /api/onboarding: one answer of a completed profile, edited in place
 * (Settings). The answer is checked with that field's own rule and message,
 * the same as in onboarding; a message is reported under `value`.
 */
export const onboardingAnswerSchema = z
  .object({ field: z.enum(ONBOARDING_FIELD_NAMES, { error: "Choose one of the ten answers." }), value: z.string() })
  .transform((input, ctx) => {
    const result = onboardingFieldSchemas[input.field].safeParse(input.value);
    if (!result.success) {
      ctx.addIssue({ code: "custom", path: ["value"], message: result.error.issues[0]?.message ?? "Invalid answer" });
      return z.NEVER;
    }
    return { field: input.field, value: result.data };
  });
export type OnboardingAnswerInput = z.input<typeof onboardingAnswerSchema>;
