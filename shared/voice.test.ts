import { describe, expect, it } from "vitest";
import { speakableText } from "./voice";

describe("an answer as it is read aloud", () => {
  it("leaves out citation markers and the marks of Markdown, keeping the words", () => {
    const answer = [
      "## Pricing",
      "Raise the **three-tier cake** to £240 [1][2, 5], and see [the guide](https://example.com/guide) [3].",
      "- Take a _deposit_ of a third.",
      "2. Confirm by `email`.",
      "> Keep a waiting list [12].",
    ].join("\n");
    expect(speakableText(answer)).toBe(
      [
        "Pricing",
        "Raise the three-tier cake to £240, and see the guide.",
        "Take a deposit of a third.",
        "Confirm by email.",
        "Keep a waiting list.",
      ].join("\n"),
    );
  });

  it("keeps bracketed words and numbers that are not markers", () => {
    expect(speakableText("Sell 3 [three] boxes at [£12]; margin 40% (after tax).")).toBe(
      "Sell 3 [three] boxes at [£12]; margin 40% (after tax).",
    );
  });
});
