import type { DirectorId } from "./directors";
import type { OnboardingFieldName } from "./onboarding";
import { TRAINING_QUESTIONS } from "./training";

/**
 * The facts that matter most to each director's department: one per training
 * question (its answer covers it, or the onboarding answer the question builds
 * on), plus a few key figures that only a remembered fact covers. The chat asks
 * for a missing one when a question touches it; /select-department and the
 * chat header show how many each director knows.
 */

export type KeyFact = {
  /** Unique across all directors: the training question's name, or the figure's own name. */
  id: string;
  directorId: DirectorId;
  /** Short, for lists: "Gross margin". */
  label: string;
  /** How the director asks for it in one line. */
  ask: string;
  /** An example answer for the inline field. */
  placeholder: string;
  /** The training answer that covers it. */
  training?: string;
  /** The onboarding answer that covers it while the director is untrained. */
  profile?: OnboardingFieldName;
  /** A value that moves (a figure, a budget): an answer older than STALE_AFTER_DAYS may be out of date. */
  changes?: true;
  /** Words of a question that touch this fact, lower case, matched at word starts (the label always is). */
  keywords: readonly string[];
  /**
   * Whole words, lower case, that state this fact in a sentence of the owner's own text (a document, a training
   * answer, a fact written down) when that sentence also gives a figure: "Our gross margin is about 62%".
   */
  statedBy?: readonly string[];
  /** The sentence states it without a figure ("We are hiring a pastry chef"). */
  statedWithoutFigure?: true;
};

/** An answer dated longer ago than this, about something that changes, may be out of date. */
export const STALE_AFTER_DAYS = 90;
/** An answer of fewer words than this says too little to rely on. */
export const THIN_ANSWER_WORDS = 4;

type TrainingFact = {
  label: string;
  keywords: readonly string[];
  changes?: true;
  /** The onboarding answer that covers it, when not the one the training question builds on. */
  profile?: OnboardingFieldName;
};
type Figure = Omit<KeyFact, "directorId" | "training" | "profile" | "changes" | "keywords" | "statedBy"> & {
  keywords: readonly string[];
  statedBy: readonly string[];
};

/** Short labels and the words that touch each training question, by question name. */
const TRAINING_FACTS: Record<DirectorId, Record<string, TrainingFact>> = {
  martha: {
    target_audience: { label: "Target audience", keywords: ["audience", "target market", "who buys", "persona"] },
    marketing_channels: {
      label: "Best marketing channel",
      keywords: ["channel", "instagram", "facebook", "tiktok", "social media", "google ads"],
    },
    brand_voice: { label: "Brand voice", keywords: ["brand", "tone", "voice", "messaging"] },
    marketing_goals: { label: "Marketing goals", keywords: ["marketing goal", "marketing target"] },
    previous_campaigns: { label: "Past campaigns", keywords: ["campaign", "promotion", "promo"] },
    competitors_marketing: { label: "Competitors' marketing", keywords: ["competitor", "competition", "rival"] },
    budget: {
      label: "Monthly marketing budget",
      keywords: ["budget", "ad spend", "spend on marketing", "spend on ads"],
      changes: true,
    },
    seo_status: { label: "How people find you online", keywords: ["seo", "search", "website", "reviews", "online"] },
    content_strategy: { label: "Content you publish", keywords: ["content", "post", "newsletter", "blog", "reel"] },
    marketing_challenges: { label: "Biggest marketing obstacle", keywords: ["marketing problem", "holding back"] },
  },
  finn: {
    revenue_model: { label: "How you make money", keywords: ["revenue model", "revenue stream", "make money"] },
    financial_goals: { label: "Financial goals", keywords: ["financial goal", "profit target", "financial target"] },
    budget_process: { label: "How you budget", keywords: ["budget", "spending", "expenses"] },
    funding_sources: { label: "Funding", keywords: ["funding", "loan", "investor", "debt", "credit", "grant"] },
    financial_challenges: { label: "Biggest money worry", keywords: ["money worry", "money problem", "worried"] },
    financial_software: {
      label: "Bookkeeping tools",
      keywords: ["bookkeeping", "accounting", "quickbooks", "xero", "invoic"],
    },
    cash_flow: {
      label: "Cash flow through the year",
      keywords: ["cash flow", "seasonal", "slow month", "quiet month"],
    },
    tax_strategy: { label: "Taxes", keywords: ["tax", "vat"] },
    financial_reporting: { label: "Numbers you track", keywords: ["report", "profit and loss", "p&l", "kpi"] },
    investment_priorities: { label: "Where extra money would go", keywords: ["invest", "extra money"] },
  },
  ollie: {
    operational_workflow: { label: "Order-to-delivery steps", keywords: ["workflow", "fulfil", "process", "order"] },
    team_structure: { label: "Who does what", keywords: ["team", "roles", "staff", "who does"] },
    efficiency_metrics: { label: "Operations metrics", keywords: ["efficien", "metric", "kpi", "productiv"] },
    bottlenecks: { label: "Bottlenecks", keywords: ["bottleneck", "slow", "delay", "backlog", "pile up"] },
    tech_stack: { label: "Tools you run on", keywords: ["software", "tool", "automat", "system", "app"] },
    quality_control: { label: "Quality checks", keywords: ["quality", "mistake", "defect", "checklist"] },
    inventory_management: { label: "Stock and reordering", keywords: ["inventory", "stock", "reorder"] },
    supplier_relationships: { label: "Key suppliers", keywords: ["supplier", "vendor", "wholesale"] },
    crisis_management: { label: "Backup plans", keywords: ["crisis", "emergency", "backup", "sick", "contingency"] },
    improvement_goals: { label: "What to improve", keywords: ["improve", "improvement"] },
  },
  harper: {
    team_size: {
      label: "Team size and roles",
      keywords: ["team size", "headcount", "employee", "staff"],
      changes: true,
    },
    hiring_process: { label: "How you hire", keywords: ["hire", "hiring", "recruit", "interview"] },
    culture_values: { label: "Culture and values", keywords: ["culture", "values", "morale"] },
    retention_strategy: { label: "Keeping good people", keywords: ["retention", "retain", "quit", "leaving"] },
    performance_review: { label: "Reviews and feedback", keywords: ["performance", "review", "feedback", "apprais"] },
    compensation_structure: {
      label: "Pay and benefits",
      keywords: ["salary", "salaries", "wage", "bonus", "benefit", "compensation", "raise"],
    },
    training_development: { label: "Training and onboarding", keywords: ["training", "onboarding", "skills"] },
    remote_policy: { label: "Where and when people work", keywords: ["remote", "hybrid", "office", "rota", "shift"] },
    diversity_inclusion: { label: "Fairness and inclusion", keywords: ["diversity", "inclusion", "inclusive", "fair"] },
    hr_challenges: { label: "Biggest people problem", keywords: ["people problem", "hr problem"] },
  },
  sam: {
    sales_process: { label: "Sales steps", keywords: ["sales process", "pipeline", "funnel", "closing"] },
    sales_cycle: { label: "Sales cycle length", keywords: ["sales cycle", "deal time"] },
    target_customers: { label: "Best customers", keywords: ["best customer", "ideal customer", "client", "buyer"] },
    sales_channels: {
      label: "Where sales happen",
      keywords: ["sales channel", "online store", "amazon", "marketplace"],
    },
    pricing_strategy: { label: "Pricing", keywords: ["price", "pricing", "discount"], changes: true },
    sales_team: { label: "Who sells", keywords: ["sales team", "salespeople", "commission", "sales rep"] },
    crm_tools: { label: "Lead tracking", keywords: ["crm", "follow-up", "follow up", "track leads"] },
    objection_handling: { label: "Objections", keywords: ["objection", "too expensive", "not interested"] },
    successful_techniques: { label: "What wins customers", keywords: ["technique", "tactic", "works best"] },
    sales_goals: { label: "Sales targets", keywords: ["sales target", "quota", "sales goal"] },
  },
  ben: {
    growth_strategy: { label: "Growth plan", keywords: ["grow", "growth", "scale"] },
    expansion_plans: {
      label: "Expansion plans",
      keywords: ["expand", "expansion", "new market", "location", "franchis"],
    },
    partnerships: { label: "Partnerships", keywords: ["partner", "collaborat", "joint venture"] },
    industry_trends: { label: "Industry trends", keywords: ["trend", "industry", "regulation"] },
    competitive_advantage: {
      label: "Why customers choose you",
      keywords: ["advantage", "differentiat", "stand out"],
      profile: "uniqueValue",
    },
    acquisition_strategy: { label: "Buying or selling a business", keywords: ["acqui", "merger", "sell the business"] },
    innovation_approach: { label: "Testing new ideas", keywords: ["innovat", "new product", "idea", "experiment"] },
    business_model: { label: "Business model", keywords: ["business model"] },
    market_research: { label: "Market research", keywords: ["research", "survey"] },
    growth_challenges: { label: "Biggest obstacle to growth", keywords: ["obstacle", "barrier"] },
  },
};

/** The key figures beyond the training questions: a remembered fact covers them, or a sentence of the owner's that states them. */
const FIGURES: Record<DirectorId, readonly Figure[]> = {
  martha: [
    {
      id: "cost_per_customer",
      label: "Cost per new customer",
      ask: "What does it cost you to win one new customer, roughly?",
      placeholder: "e.g. About $25 from ads",
      keywords: ["cost per customer", "acquisition cost", "cac", "cost per lead", "cost per acquisition", "roi"],
      statedBy: [
        "cost per customer",
        "cost per new customer",
        "acquisition cost",
        "customer acquisition cost",
        "cac",
        "cost per lead",
        "cost per acquisition",
        "cost to acquire",
        "cost to win",
      ],
    },
    {
      id: "new_customers_per_month",
      label: "New customers per month",
      ask: "How many new customers do you win in a typical month?",
      placeholder: "e.g. Around 40",
      keywords: ["new customers", "more customers", "customers a month", "leads"],
      statedBy: ["new customers", "new clients", "first-time customers"],
    },
  ],
  finn: [
    {
      id: "monthly_revenue",
      label: "Monthly revenue",
      ask: "What is your monthly revenue, roughly?",
      placeholder: "e.g. About $38,000",
      keywords: ["revenue", "sales", "turnover", "income"],
      statedBy: [
        "revenue",
        "turnover",
        "takings",
        "sales of",
        "monthly sales",
        "annual sales",
        "we sell about",
        "income",
      ],
    },
    {
      id: "gross_margin",
      label: "Gross margin",
      ask: "What is your gross margin, roughly?",
      placeholder: "e.g. About 40%",
      keywords: ["margin", "markup", "profit", "pricing", "price"],
      statedBy: ["gross margin", "gross margins", "margin", "margins", "gross profit", "markup", "mark-up"],
    },
    {
      id: "cash_in_bank",
      label: "Cash in the bank",
      ask: "How much cash does the business have in the bank right now, roughly?",
      placeholder: "e.g. About $20,000",
      keywords: ["cash", "bank", "runway", "afford", "savings"],
      statedBy: [
        "cash in the bank",
        "in the bank",
        "cash balance",
        "bank balance",
        "cash reserve",
        "cash reserves",
        "cash on hand",
        "cash at bank",
        "runway",
      ],
    },
    {
      id: "monthly_burn",
      label: "Monthly burn",
      ask: "How much does the business spend in a typical month, roughly?",
      placeholder: "e.g. About $30,000 including wages",
      keywords: ["burn", "costs", "expenses", "overhead", "runway", "spend"],
      statedBy: [
        "burn",
        "monthly costs",
        "monthly spend",
        "running costs",
        "fixed costs",
        "overheads",
        "overhead",
        "outgoings",
        "expenses",
        "costs us",
      ],
    },
  ],
  ollie: [
    {
      id: "weekly_volume",
      label: "Orders or jobs per week",
      ask: "How many orders or jobs do you handle in a typical week?",
      placeholder: "e.g. About 120 orders",
      keywords: ["volume", "capacity", "busy", "orders a week", "jobs"],
      statedBy: [
        "orders a week",
        "orders per week",
        "orders each week",
        "orders a day",
        "orders per day",
        "jobs a week",
        "jobs per week",
        "covers a day",
        "covers a week",
        "customers a day",
        "customers a week",
        "customers per day",
        "weekly orders",
      ],
    },
    {
      id: "turnaround_time",
      label: "Turnaround time",
      ask: "How long does a typical order take from order to delivery?",
      placeholder: "e.g. Three working days",
      keywords: ["turnaround", "delivery time", "lead time", "shipping", "how long"],
      statedBy: [
        "turnaround",
        "turn-around",
        "lead time",
        "delivery time",
        "delivered within",
        "ships within",
        "dispatched within",
        "ready within",
      ],
    },
    {
      id: "error_rate",
      label: "Error or return rate",
      ask: "Out of 100 orders, roughly how many go wrong or come back?",
      placeholder: "e.g. About 3",
      keywords: ["return", "refund", "error", "complaint", "went wrong"],
      statedBy: [
        "return rate",
        "returns",
        "refund rate",
        "refunds",
        "error rate",
        "errors",
        "complaints",
        "go wrong",
        "goes wrong",
        "went wrong",
        "come back",
      ],
    },
  ],
  harper: [
    {
      id: "monthly_payroll",
      label: "Monthly payroll",
      ask: "What does your payroll cost in a typical month, roughly?",
      placeholder: "e.g. About $24,000",
      keywords: ["payroll", "wage bill", "labour cost", "labor cost", "staff cost", "afford"],
      statedBy: [
        "payroll",
        "wage bill",
        "wages",
        "salaries",
        "staff costs",
        "staff cost",
        "labour cost",
        "labour costs",
        "labor cost",
        "labor costs",
      ],
    },
    {
      id: "open_roles",
      label: "Open roles",
      ask: "Which roles are you hiring for right now, if any?",
      placeholder: "e.g. One barista, part-time",
      keywords: ["vacanc", "open role", "position", "job ad", "hire", "hiring", "next hire"],
      statedBy: [
        "hiring for",
        "hiring a",
        "hiring an",
        "open role",
        "open roles",
        "vacancy",
        "vacancies",
        "recruiting",
        "looking to hire",
        "not hiring",
      ],
      statedWithoutFigure: true,
    },
    {
      id: "leavers_last_year",
      label: "People who left in the last year",
      ask: "How many people left the business in the last 12 months?",
      placeholder: "e.g. Two of nine",
      keywords: ["turnover", "attrition", "left", "quit", "leaving", "keep"],
      statedBy: ["left", "leavers", "quit", "resigned", "moved on", "lost", "staff turnover", "attrition"],
    },
  ],
  sam: [
    {
      id: "average_deal_size",
      label: "Average sale value",
      ask: "What is a typical sale worth, roughly?",
      placeholder: "e.g. About $60 per order",
      keywords: ["deal size", "order value", "average order", "basket", "ticket", "upsell"],
      statedBy: [
        "average order",
        "average sale",
        "average spend",
        "average basket",
        "average ticket",
        "order value",
        "deal size",
        "typical sale",
        "typical order",
      ],
    },
    {
      id: "close_rate",
      label: "Close rate",
      ask: "Out of 10 serious prospects, how many usually buy?",
      placeholder: "e.g. About 3",
      keywords: ["close rate", "conversion", "convert", "win rate", "losing", "lose deals"],
      statedBy: ["close rate", "closing rate", "conversion", "conversion rate", "convert", "win rate"],
    },
    {
      id: "leads_per_month",
      label: "Leads per month",
      ask: "How many new leads or enquiries do you get in a typical month?",
      placeholder: "e.g. Around 50",
      keywords: ["leads", "enquir", "inquir", "prospect"],
      statedBy: ["leads", "enquiries", "inquiries", "prospects"],
    },
  ],
  ben: [
    {
      id: "revenue_growth",
      label: "Revenue growth last year",
      ask: "How much did your revenue grow (or shrink) over the last 12 months?",
      placeholder: "e.g. Up about 15%",
      keywords: ["revenue growth", "growth rate", "year on year", "grew", "grow"],
      statedBy: ["grew", "growth", "year on year", "year-on-year", "shrank", "rose", "fell", "increased", "decreased"],
    },
    {
      id: "top_customer_share",
      label: "Biggest customer's share",
      ask: "What share of your revenue comes from your biggest customer?",
      placeholder: "e.g. About 20%",
      keywords: ["biggest customer", "largest client", "biggest client", "concentration", "depend"],
      statedBy: [
        "biggest customer",
        "largest customer",
        "biggest client",
        "largest client",
        "top customer",
        "main customer",
        "single customer",
      ],
    },
    {
      id: "growth_budget",
      label: "Budget for growth",
      ask: "How much could you invest in growth over the next year?",
      placeholder: "e.g. Around $50,000",
      keywords: ["invest", "budget", "afford", "expand", "expansion"],
      statedBy: ["invest", "put into growth", "budget for growth", "growth budget", "spend on growth"],
    },
  ],
};

function keyFactsOf(directorId: DirectorId): KeyFact[] {
  const fromTraining = TRAINING_QUESTIONS[directorId].map((question): KeyFact => {
    const fact = TRAINING_FACTS[directorId][question.name];
    if (!fact) throw new Error(`No key fact for ${directorId}'s question ${question.name}`);
    return {
      id: question.name,
      directorId,
      label: fact.label,
      ask: question.question,
      placeholder: question.hint,
      training: question.name,
      profile: fact.profile ?? question.buildsOn?.field,
      changes: fact.changes,
      keywords: fact.keywords,
    };
  });
  const figures = FIGURES[directorId].map((figure): KeyFact => ({ ...figure, directorId, changes: true }));
  return [...fromTraining, ...figures];
}

export const KEY_FACTS: Record<DirectorId, readonly KeyFact[]> = {
  martha: keyFactsOf("martha"),
  finn: keyFactsOf("finn"),
  ollie: keyFactsOf("ollie"),
  harper: keyFactsOf("harper"),
  sam: keyFactsOf("sam"),
  ben: keyFactsOf("ben"),
};

export const ALL_KEY_FACTS: readonly KeyFact[] = Object.values(KEY_FACTS).flat();

export function findKeyFact(id: string | null | undefined): KeyFact | undefined {
  return id ? ALL_KEY_FACTS.find((fact) => fact.id === id) : undefined;
}
