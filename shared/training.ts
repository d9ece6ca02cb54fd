import { z } from "zod";
import type { DirectorId } from "./directors";
import type { OnboardingData, OnboardingFieldName } from "./onboarding";
import { ownerText } from "./validation";

/** Ten training questions per director (spec section 3), every answer min 5 (section 5). */

export type TrainingQuestion = {
  /** The stored field name from the spec, e.g. target_audience. */
  name: string;
  /** The question, in plain language, addressed to the business owner. */
  question: string;
  /** A short hint of what a good answer contains. */
  hint: string;
  /**
   * When onboarding already asked this in general terms: the onboarding field,
   * and the question as it builds on the owner's earlier answer (quoted). The
   * answer box then starts with that earlier answer, for the owner to sharpen.
   */
  buildsOn?: { field: OnboardingFieldName; question: (earlier: string) => string };
};

export const TRAINING_ANSWER_MIN = 5;
export const TRAINING_ANSWER_MESSAGE = "Please provide more detailed information";
export const TRAINING_STEPS = 10;

export const TRAINING_QUESTIONS: Record<DirectorId, readonly TrainingQuestion[]> = {
  martha: [
    {
      name: "target_audience",
      question: "Who buys from you today, and who would you most like to reach?",
      hint: "Age range, location, job or life situation, and what they care about most.",
      buildsOn: {
        field: "target",
        question: (earlier) =>
          `You told us your customers are ${earlier} Which of them matter most for marketing, and who else would you like to reach?`,
      },
    },
    {
      name: "marketing_channels",
      question: "Which marketing channels do you use today, and which ones bring in the most customers?",
      hint: "Name each channel, e.g. Instagram, Google Ads, email, flyers, word of mouth, and roughly what each brings in.",
    },
    {
      name: "brand_voice",
      question: "How would you describe the way your business talks to customers?",
      hint: "Three or four words like friendly, expert, playful or no-nonsense, plus an example phrase you often use.",
    },
    {
      name: "marketing_goals",
      question: "What do you want your marketing to achieve over the next 6 to 12 months?",
      hint: "Concrete targets, e.g. 50 new customers a month, 2,000 email subscribers, or 20% more repeat orders.",
      buildsOn: {
        field: "goals",
        question: (earlier) =>
          `You told us your goals are ${earlier} What does your marketing need to achieve in the next 6 to 12 months to get there?`,
      },
    },
    {
      name: "previous_campaigns",
      question: "Which past campaigns or promotions worked well, and which ones flopped?",
      hint: "What you ran, when, what it cost and the result, e.g. a spring sale that brought in $4,000 from $500 of ads.",
    },
    {
      name: "competitors_marketing",
      question: "Who are your main competitors, and how do they market themselves?",
      hint: "Two or three names, where they advertise, what they promise, and what they do better or worse than you.",
      buildsOn: {
        field: "competitors",
        question: (earlier) => `You named your competitors: ${earlier} How do they market themselves?`,
      },
    },
    {
      name: "budget",
      question: "How much do you spend on marketing each month, and how much could you spend?",
      hint: "A monthly amount, how it is split across channels, e.g. $800 on ads and $200 on tools, and any upper limit.",
    },
    {
      name: "seo_status",
      question: "How easily can people find your business online when they search for what you sell?",
      hint: "Whether you have a website and Google Business Profile, keywords you rank for, reviews, and monthly visitors.",
    },
    {
      name: "content_strategy",
      question: "What content do you publish, where, and how often?",
      hint: "Types and frequency, e.g. two Instagram posts a week or a monthly newsletter, and who makes them.",
    },
    {
      name: "marketing_challenges",
      question: "What is the biggest thing holding your marketing back right now?",
      hint: "The main obstacle, e.g. no time, low budget, ads that do not convert, or not knowing what works.",
      buildsOn: {
        field: "challenges",
        question: (earlier) =>
          `You told us your biggest challenges are ${earlier} What is holding your marketing back?`,
      },
    },
  ],
  finn: [
    {
      name: "revenue_model",
      question: "How does your business make money, and what are your main sources of revenue?",
      hint: "Products or services sold, prices, one-off versus recurring sales, and the share of revenue from each.",
    },
    {
      name: "financial_goals",
      question: "What financial results do you want to reach in the next 12 months?",
      hint: "Specific targets, e.g. $500,000 in revenue, a 20% profit margin, or paying yourself $6,000 a month.",
      buildsOn: {
        field: "goals",
        question: (earlier) =>
          `You told us your goals are ${earlier} What financial results do you need in the next 12 months to reach them?`,
      },
    },
    {
      name: "budget_process",
      question: "How do you plan and track your spending today?",
      hint: "Whether you keep a budget, how often you review it, who is involved, and your tool, e.g. a spreadsheet.",
    },
    {
      name: "funding_sources",
      question: "How is your business funded today, and are you looking for more funding?",
      hint: "Savings, bank loans, credit lines, investors or grants, with amounts, interest rates and repayment terms.",
    },
    {
      name: "financial_challenges",
      question: "What is your biggest money worry in the business right now?",
      hint: "The main issue, e.g. late-paying customers, rising supplier costs, thin margins, or debt repayments.",
      buildsOn: {
        field: "challenges",
        question: (earlier) =>
          `You told us your biggest challenges are ${earlier} Which of them worries you most where money is concerned?`,
      },
    },
    {
      name: "financial_software",
      question: "Which tools do you use for bookkeeping, invoicing and payments?",
      hint: "Names like QuickBooks, Xero, FreshBooks, Stripe or a spreadsheet, and who keeps the books up to date.",
    },
    {
      name: "cash_flow",
      question: "How does cash move in and out of your business across a typical month or year?",
      hint: "Average monthly income and costs, cash in the bank, payment terms, and busy or slow months.",
    },
    {
      name: "tax_strategy",
      question: "How do you handle taxes today, and is there anything about them that worries you?",
      hint: "Your business structure, who prepares your taxes, when you pay, and any past surprises or penalties.",
    },
    {
      name: "financial_reporting",
      question: "Which financial numbers do you look at, and how often?",
      hint: "Reports like profit and loss or cash flow, how often you check them, e.g. monthly, and who prepares them.",
    },
    {
      name: "investment_priorities",
      question: "If you had extra money to put back into the business, where would it go first?",
      hint: "Two or three options, e.g. new equipment, a hire, marketing or stock, with rough costs and expected payoff.",
    },
  ],
  ollie: [
    {
      name: "operational_workflow",
      question: "What happens, step by step, from the moment a customer orders to when they receive it?",
      hint: "The main steps in order, who does each, and how long they take, e.g. order, packing, shipping in 2 days.",
    },
    {
      name: "team_structure",
      question: "Who does what in your day-to-day operations?",
      hint: "Roles and headcount, e.g. you, two staff on fulfilment and a part-time bookkeeper, and who reports to whom.",
    },
    {
      name: "efficiency_metrics",
      question: "How do you measure whether your operations are running well?",
      hint: "Numbers you track, e.g. orders shipped per day, delivery time or cost per order, with current values.",
    },
    {
      name: "bottlenecks",
      question: "Where do things most often slow down, pile up or go wrong?",
      hint: "The step, how often it happens, and its effect, e.g. packing backs up every Monday and delays 30 orders.",
      buildsOn: {
        field: "challenges",
        question: (earlier) =>
          `You told us your biggest challenges are ${earlier} Where in your daily operations do things slow down, pile up or go wrong?`,
      },
    },
    {
      name: "tech_stack",
      question: "Which software and tools do you use to run your daily operations?",
      hint: "Names like Shopify, Trello, Square, Google Sheets or Slack, and what each one is used for.",
    },
    {
      name: "quality_control",
      question: "How do you make sure your product or service meets your standards every time?",
      hint: "Checks and checklists, who reviews the work, and how often mistakes happen, e.g. 2 in 100 orders.",
    },
    {
      name: "inventory_management",
      question: "How do you track stock and decide when to reorder?",
      hint: "Your method or tool, typical stock levels, reorder points, and how often you run out or overstock.",
    },
    {
      name: "supplier_relationships",
      question: "Who are your key suppliers, and how well do they serve you?",
      hint: "Supplier names, what they provide, lead times, payment terms, and any reliability or price problems.",
    },
    {
      name: "crisis_management",
      question:
        "What happens when something goes badly wrong, like a key person off sick or a supplier letting you down?",
      hint: "A recent example, how you handled it, how long it took to recover, and any backup plans you have.",
    },
    {
      name: "improvement_goals",
      question: "What would you most like to improve in how your business runs over the next year?",
      hint: "Concrete targets, e.g. cut delivery time from 5 days to 2, free up 10 hours a week, or halve order errors.",
      buildsOn: {
        field: "goals",
        question: (earlier) =>
          `You told us your goals are ${earlier} What must improve in how your business runs to reach them?`,
      },
    },
  ],
  harper: [
    {
      name: "team_size",
      question: "How many people work in your business today, and in which roles?",
      hint: "Headcount split into full-time, part-time, contractors and freelancers, with their roles.",
    },
    {
      name: "hiring_process",
      question: "How do you find and hire new people today?",
      hint: "Where you advertise, e.g. Indeed, LinkedIn or referrals, the interview steps, who decides, and time to hire.",
    },
    {
      name: "culture_values",
      question: "What is it like to work at your business, and what values matter most to you?",
      hint: "Three or four values, e.g. honesty, speed or care for customers, and how they show up day to day.",
    },
    {
      name: "retention_strategy",
      question: "How do you keep good people, and how many have left in the past year?",
      hint: "Number of leavers and why, plus what you do to keep people, e.g. bonuses, flexibility or recognition.",
    },
    {
      name: "performance_review",
      question: "How do you give feedback and review how each person is doing?",
      hint: "How often reviews happen, e.g. yearly or monthly one-to-ones, what you measure, and how goals are set.",
    },
    {
      name: "compensation_structure",
      question: "How do you decide pay and benefits for your team?",
      hint: "Pay ranges by role, hourly or salaried, bonuses or commission, and benefits like paid leave or health cover.",
    },
    {
      name: "training_development",
      question: "How do new and existing team members learn the skills they need?",
      hint: "Onboarding steps, training courses or shadowing, budget per person, and who runs it.",
    },
    {
      name: "remote_policy",
      question: "Where and when does your team work?",
      hint: "On-site, remote or hybrid, fixed or flexible hours, and any rules, e.g. in the office Tuesday to Thursday.",
    },
    {
      name: "diversity_inclusion",
      question: "How do you make sure your business is a fair and welcoming place for everyone?",
      hint: "Current team mix, steps you take in hiring or daily work, and any gaps you are aware of.",
    },
    {
      name: "hr_challenges",
      question: "What is the biggest people problem in your business right now?",
      hint: "The main issue, e.g. hard-to-fill roles, high turnover or low morale, and how long it has lasted.",
      buildsOn: {
        field: "challenges",
        question: (earlier) =>
          `You told us your biggest challenges are ${earlier} Which of them are about people, and what is the biggest people problem right now?`,
      },
    },
  ],
  sam: [
    {
      name: "sales_process",
      question: "What are the steps from first contact with a prospect to a closed sale?",
      hint: "Each stage in order, e.g. enquiry, call, quote, follow-up, close, and who handles each one.",
    },
    {
      name: "sales_cycle",
      question: "How long does it usually take to turn a new lead into a paying customer?",
      hint: "Typical time from first contact to purchase, e.g. same day or 6 weeks, and what makes deals faster or slower.",
    },
    {
      name: "target_customers",
      question: "Who are your best customers, and what makes them buy from you?",
      hint: "Type of customer, size or budget, how they found you, and the main reason they choose you over others.",
      buildsOn: {
        field: "target",
        question: (earlier) =>
          `You told us your customers are ${earlier} Which of them are your best customers, and what makes them buy from you?`,
      },
    },
    {
      name: "sales_channels",
      question: "Where do your sales happen today?",
      hint: "Channels and their share of sales, e.g. 60% online store, 30% phone and 10% Amazon or trade shows.",
    },
    {
      name: "pricing_strategy",
      question: "How do you set your prices, and how do they compare to competitors?",
      hint: "Your price points, average order value, discounts you offer, and whether you are cheaper, similar or premium.",
    },
    {
      name: "sales_team",
      question: "Who sells for your business, and how are they paid?",
      hint: "Number of people selling, including you, their roles, and base pay, commission or targets.",
    },
    {
      name: "crm_tools",
      question: "How do you keep track of leads, customers and follow-ups?",
      hint: "Tools like HubSpot, Pipedrive, Salesforce, a spreadsheet or a notebook, and how consistently they are used.",
    },
    {
      name: "objection_handling",
      question: "What reasons do prospects give for not buying, and how do you respond?",
      hint: "The top two or three objections, e.g. too expensive or not now, and what you usually say in reply.",
    },
    {
      name: "successful_techniques",
      question: "What has worked best for winning customers so far?",
      hint: "Tactics with results, e.g. free samples convert 1 in 3, or calling back within 24 hours doubles sales.",
    },
    {
      name: "sales_goals",
      question: "What sales targets do you want to hit in the next 6 to 12 months?",
      hint: "Concrete numbers, e.g. $40,000 in monthly sales, 25 new clients a quarter, or a 30% close rate.",
      buildsOn: {
        field: "goals",
        question: (earlier) =>
          `You told us your goals are ${earlier} What sales targets do you need to hit in the next 6 to 12 months to get there?`,
      },
    },
  ],
  ben: [
    {
      name: "growth_strategy",
      question: "How do you plan to grow your business over the next two to three years?",
      hint: "Your main route to growth, e.g. more customers, new products, new locations or higher prices, with a target.",
      buildsOn: {
        field: "goals",
        question: (earlier) =>
          `You told us your goals are ${earlier} How do you plan to grow your business over the next two to three years to get there?`,
      },
    },
    {
      name: "expansion_plans",
      question: "Are you planning to enter new markets, locations or customer groups?",
      hint: "Where or who, when, and what you would need, e.g. a second shop in 2026 or selling to restaurants.",
    },
    {
      name: "partnerships",
      question: "Which partnerships do you have today, and which would you like to build?",
      hint: "Current partners and what they bring, plus the types of businesses you would like to team up with and why.",
    },
    {
      name: "industry_trends",
      question: "What changes in your industry are affecting your business or could affect it soon?",
      hint: "Two or three trends, e.g. rising costs, new regulations or a shift to online buying, and their effect.",
    },
    {
      name: "competitive_advantage",
      question: "Why do customers choose you over the competition?",
      hint: "What you do better or differently, e.g. faster delivery or local expertise, with proof if you have it.",
      buildsOn: {
        field: "competitors",
        question: (earlier) => `You named your competitors: ${earlier} Why do customers choose you over them?`,
      },
    },
    {
      name: "acquisition_strategy",
      question: "Would you consider buying another business or being bought, and why?",
      hint: "Whether you have thought about it, types of businesses of interest, budget, and what you would hope to gain.",
    },
    {
      name: "innovation_approach",
      question: "How do you come up with and test new products, services or ideas?",
      hint: "Where ideas come from, e.g. customer requests, how you try them out, and a recent example and its result.",
    },
    {
      name: "business_model",
      question: "How does your business create value for customers and turn it into profit?",
      hint: "What you sell, to whom, how you deliver it, your main costs, and your profit margin, e.g. 35% gross margin.",
    },
    {
      name: "market_research",
      question: "How do you learn about your market, customers and competitors?",
      hint: "Methods like surveys, customer interviews, reviews or industry reports, and how often you do it.",
    },
    {
      name: "growth_challenges",
      question: "What is the biggest obstacle standing between your business and its next stage of growth?",
      hint: "The main barrier, e.g. lack of cash, time, skilled staff or demand, and what you have already tried.",
      buildsOn: {
        field: "challenges",
        question: (earlier) =>
          `You told us your biggest challenges are ${earlier} Which of them stands most between your business and its next stage of growth?`,
      },
    },
  ],
};

/** How much of an earlier answer a question quotes; the whole answer is in the box below it. */
const QUOTE_MAX_CHARS = 60;

/** An earlier answer as a question quotes it: one line, cut at a word, in quotation marks. */
export function quoteEarlier(text: string): string {
  const line = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[.!?]+$/, "");
  if (line.length <= QUOTE_MAX_CHARS) return `“${line}”.`;
  const cut = line.slice(0, QUOTE_MAX_CHARS);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), QUOTE_MAX_CHARS / 2)).replace(/[\s,;:]+$/, "");
  return `“${atWord}…”.`;
}

/**
 * A training question as this owner sees it: built on their onboarding answer
 * when it has one (with that answer to start from), the plain question otherwise.
 */
export function trainingQuestionFor(
  question: TrainingQuestion,
  profile: Partial<OnboardingData> | null | undefined,
): { text: string; earlier: string | undefined } {
  const earlier = question.buildsOn ? profile?.[question.buildsOn.field]?.trim() : undefined;
  if (!question.buildsOn || !earlier) return { text: question.question, earlier: undefined };
  return { text: question.buildsOn.question(quoteEarlier(earlier)), earlier };
}

/** The answers training starts from: each question built on onboarding starts with the earlier answer. */
export function trainingStartAnswers(
  directorId: DirectorId,
  profile: Partial<OnboardingData> | null | undefined,
): TrainingAnswers {
  return Object.fromEntries(
    TRAINING_QUESTIONS[directorId].map((question) => [
      question.name,
      trainingQuestionFor(question, profile).earlier ?? "",
    ]),
  );
}

export function trainingSchema(directorId: DirectorId) {
  const answer = ownerText({ error: TRAINING_ANSWER_MESSAGE })
    .trim()
    .min(TRAINING_ANSWER_MIN, { error: TRAINING_ANSWER_MESSAGE })
    .max(5000, { error: "Please keep this answer under 5,000 characters" });
  return z.object(Object.fromEntries(TRAINING_QUESTIONS[directorId].map((q) => [q.name, answer])));
}

export type TrainingAnswers = Record<string, string>;
