import { describe, expect, it } from "vitest";
import { suggestMetrics } from "./metric-suggestions";

describe("suggested metrics", () => {
  it("offers the owner's own measures first, then each trained director's usual ones, each once", () => {
    const suggestions = suggestMetrics({
      successAnswer: "Monthly revenue, active subscribers and churn.",
      trainedDirectors: ["finn", "martha"],
      trackedNames: [],
    });
    expect(suggestions.slice(0, 3).map((s) => [s.name, s.directorId, s.reason])).toEqual([
      ["Revenue", "finn", "From how you measure success"],
      ["Active subscribers", "martha", "From how you measure success"],
      ["Churn", "martha", "From how you measure success"],
    ]);
    expect(suggestions.find((s) => s.name === "Churn")?.goodDirection).toBe("down");
    expect(suggestions.map((s) => s.name)).toEqual([
      "Revenue",
      "Active subscribers",
      "Churn",
      "Cash in the bank",
      "Gross margin",
      "New customers",
      "Email subscribers",
    ]);
  });

  it("leaves out what the owner already tracks and gives a measure with no trained director to the first one", () => {
    const suggestions = suggestMetrics({
      successAnswer: "Leads and revenue",
      trainedDirectors: ["ollie"],
      trackedNames: ["revenue ", "On-time rate"],
    });
    expect(suggestions.map((s) => [s.name, s.directorId])).toEqual([
      ["Leads", "ollie"],
      ["Orders fulfilled", "ollie"],
    ]);
  });
});
