/** The six directors of spec section 1 and 3. */

export const DIRECTOR_IDS = ["martha", "finn", "ollie", "harper", "sam", "ben"] as const;
export type DirectorId = (typeof DIRECTOR_IDS)[number];

export type Director = {
  id: DirectorId;
  name: string;
  title: string;
  /** The title in the chat sidebar list; the spec shows Ollie as "Operations" there. */
  sidebarTitle: string;
  description: string;
  icon: string;
  /** Three suggested starter prompts, shown in the "Superpowers" panel. */
  prompts: readonly [string, string, string];
};

export const DIRECTORS: readonly Director[] = [
  {
    id: "martha",
    name: "Martha",
    title: "Marketing Director",
    sidebarTitle: "Marketing Director",
    description: "strategic marketing insights, campaign optimization, audience targeting",
    icon: "M",
    prompts: [
      "Which marketing channel should I focus on next month, given my budget?",
      "Draft a one-month campaign plan for my best-selling product.",
      "How can I make my brand stand out from my competitors?",
    ],
  },
  {
    id: "finn",
    name: "Finn",
    title: "Finance Director",
    sidebarTitle: "Finance Director",
    description: "financial analysis, budgeting, resource allocation",
    icon: "F",
    prompts: [
      "Where is my cash flow most at risk over the next quarter?",
      "Help me build a simple monthly budget for my business.",
      "Which costs should I cut first without hurting growth?",
    ],
  },
  {
    id: "ollie",
    name: "Ollie",
    title: "Operations Director",
    sidebarTitle: "Operations",
    description: "workflow optimization, process improvement",
    icon: "O",
    prompts: [
      "What is the biggest bottleneck in my operations and how do I fix it?",
      "Map out a more efficient workflow for fulfilling an order.",
      "Which tasks should I automate first?",
    ],
  },
  {
    id: "harper",
    name: "Harper",
    title: "HR Director",
    sidebarTitle: "HR Director",
    description: "team building, talent acquisition, workplace culture",
    icon: "H",
    prompts: [
      "Who should my next hire be, and how do I find them?",
      "How can I keep my best people from leaving?",
      "Design a simple quarterly performance review for my team.",
    ],
  },
  {
    id: "sam",
    name: "Sam",
    title: "Sales Director",
    sidebarTitle: "Sales Director",
    description: "sales funnel optimization, conversion strategies, customer relationship management",
    icon: "S",
    prompts: [
      "Where are we losing the most deals in our sales process?",
      "Write a follow-up sequence for leads who went quiet.",
      'How should I respond to the objection "it\'s too expensive"?',
    ],
  },
  {
    id: "ben",
    name: "Ben",
    title: "Business Development",
    sidebarTitle: "Business Development",
    description: "growth opportunities, partnerships, expansion planning",
    icon: "B",
    prompts: [
      "What partnerships could help my business grow this year?",
      "Is now the right time to expand to a new market or location?",
      "Which growth opportunity should I pursue first, and why?",
    ],
  },
];

/** Available unless configuration says otherwise; sam and ben are "coming soon". */
export const DEFAULT_AVAILABLE_DIRECTORS: readonly DirectorId[] = ["martha", "finn", "ollie", "harper"];

export function isDirectorId(value: unknown): value is DirectorId {
  return typeof value === "string" && (DIRECTOR_IDS as readonly string[]).includes(value);
}

export function findDirector(id: string): Director | undefined {
  return DIRECTORS.find((director) => director.id === id);
}
