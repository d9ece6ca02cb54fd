import { describe, expect, it } from "vitest";
import { statesFacts } from "./states-facts";

describe("whether a message may state a fact", () => {
  it("lets through figures, names, what the owner has, is or did, and plain statements", () => {
    for (const message of [
      "We hired two mechanics in March and April revenue was £38k. What now?",
      "Our accountant is Priya at Ledgerly. Should I switch?",
      "Zephyr Beans deliver on Mondays. Is that a problem?",
      "We've stopped the Facebook ads, are they worth restarting?",
      "I run the shop with my sister",
      "The van broke down last week.",
      "Is a margin of 42% healthy for a bakery?",
      "Since we moved, should we change suppliers?",
      "my rent is going up",
    ]) {
      expect(statesFacts(message), message).toBe(true);
    }
  });

  it("holds back questions and requests that state nothing", () => {
    for (const message of [
      "Anything else?",
      "How should I plan ads?",
      "Are my prices high enough for a healthy margin?",
      "How much cash should I keep in the bank?",
      "Is my cash enough for a new oven?",
      "What is a good cost per customer for us?",
      "Plan my posts",
      "Thanks, that helps.",
      "Can you make it shorter?",
      "What should I do next?",
    ]) {
      expect(statesFacts(message), message).toBe(false);
    }
  });
});
