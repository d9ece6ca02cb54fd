import { describe, expect, it } from "vitest";
import { DIRECTOR_IDS } from "./directors";
import { directorKnowledge } from "./key-fact-status";
import { keyFactStated, keyFactsTouched } from "./key-fact-text";
import { ALL_KEY_FACTS, findKeyFact, KEY_FACTS, type KeyFact } from "./key-facts";
import { emptyOnboardingData } from "./onboarding";
import { TRAINING_QUESTIONS } from "./training";

describe("key facts", () => {
  it("cover every training question and a few figures for each of the six directors, with ids unique across them", () => {
    for (const id of DIRECTOR_IDS) {
      const facts = KEY_FACTS[id];
      expect(facts.filter((fact) => fact.training).map((fact) => fact.id)).toEqual(
        TRAINING_QUESTIONS[id].map((question) => question.name),
      );
      expect(facts.filter((fact) => !fact.training).length).toBeGreaterThanOrEqual(2);
    }
    expect(new Set(ALL_KEY_FACTS.map((fact) => fact.id)).size).toBe(ALL_KEY_FACTS.length);
    expect(KEY_FACTS.finn.filter((fact) => !fact.training).map((fact) => fact.label)).toEqual([
      "Monthly revenue",
      "Gross margin",
      "Cash in the bank",
      "Monthly burn",
    ]);
    expect(KEY_FACTS.martha.map((fact) => fact.label)).toEqual(
      expect.arrayContaining(["Monthly marketing budget", "Best marketing channel", "Cost per new customer"]),
    );
  });

  it("are touched by the words of a question", () => {
    expect(keyFactsTouched("finn", "Is our gross margin healthy?").map((fact) => fact.id)).toEqual(["gross_margin"]);
    expect(keyFactsTouched("finn", "How long will our cash last?").map((fact) => fact.id)).toEqual(["cash_in_bank"]);
    expect(keyFactsTouched("harper", "Write me a poem")).toEqual([]);
  });

  it("count as missing, thin, stale or known from answers, the profile and remembered facts", () => {
    const now = new Date("2026-06-30T12:00:00.000Z");
    const training = Object.fromEntries(
      TRAINING_QUESTIONS.martha.map((q) => [q.name, `A full answer about ${q.name}`]),
    );
    training.brand_voice = "Warm.";
    const knowledge = directorKnowledge(
      "martha",
      {
        profile: { answers: { ...emptyOnboardingData(), target: "Remote workers who love coffee" }, updatedAt: "x" },
        training: { answers: training, trainedAt: "2026-06-01T00:00:00.000Z" },
        facts: [
          { keyFact: "cost_per_customer", date: "2026-03-01", statement: "Cost per new customer: $25" },
          { keyFact: "budget", date: "2026-06-20", statement: "We now spend $1,200 a month on ads." },
        ],
        passages: [],
      },
      now,
    );
    const status = (id: string) => knowledge.facts.find((fact) => fact.id === id);
    expect(status("brand_voice")?.status).toBe("thin");
    expect(status("cost_per_customer")).toMatchObject({ status: "stale", from: { kind: "fact", date: "2026-03-01" } });
    expect(status("budget")).toMatchObject({ status: "known", from: { kind: "fact", date: "2026-06-20" } });
    expect(status("new_customers_per_month")).toMatchObject({ status: "missing", from: null });
    expect(knowledge).toMatchObject({ known: 11, total: 12 });

    const untrained = directorKnowledge(
      "martha",
      {
        profile: { answers: { ...emptyOnboardingData(), target: "Remote workers" }, updatedAt: now.toISOString() },
        training: null,
        facts: [],
        passages: [],
      },
      now,
    );
    expect(untrained.facts.filter((fact) => fact.status !== "missing").map((fact) => [fact.id, fact.status])).toEqual([
      ["target_audience", "thin"],
    ]);
  });

  it("count a figure as known when a sentence of the owner's states it, wherever it was written", () => {
    const fact = (id: string) => findKeyFact(id) as KeyFact;
    expect(keyFactStated(fact("gross_margin"), "Gross margin (2025): 62%. Cash in the bank: £18,400.")).toBe(true);
    expect(keyFactStated(fact("cash_in_bank"), "Gross margin (2025): 62%. Cash in the bank: £18,400.")).toBe(true);
    expect(keyFactStated(fact("leavers_last_year"), "Good pay and a free lunch. Two baristas left last year.")).toBe(
      true,
    );
    // Named without a figure, or a figure beside other words, states nothing.
    expect(keyFactStated(fact("gross_margin"), "We want a better margin. We sell 40 loaves a day.")).toBe(false);
    expect(keyFactStated(fact("leavers_last_year"), "The leftover bread, 20 loaves, goes to the shelter.")).toBe(false);

    const now = new Date("2026-06-30T12:00:00.000Z");
    const finn = directorKnowledge(
      "finn",
      {
        profile: null,
        training: null,
        facts: [{ keyFact: null, date: "2026-06-01", statement: "April revenue was £38k." }],
        passages: [{ text: "Cash in the bank: £18,400.", date: "2026-06-10T09:00:00.000Z" }],
      },
      now,
    );
    const status = (id: string) => finn.facts.find((item) => item.id === id);
    expect(status("monthly_revenue")).toMatchObject({ status: "known", from: { kind: "fact", date: "2026-06-01" } });
    expect(status("cash_in_bank")).toMatchObject({ status: "known", from: { kind: "knowledge" } });
    expect(status("gross_margin")?.status).toBe("missing");
  });
});
