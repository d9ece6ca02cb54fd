import { describe, expect, it } from "vitest";
import { createFirstTokenGate } from "./first-token-gate";

describe("the first-token gate", () => {
  it("lets background work through at once when no turn waits, holds it while one does, and lets it go at the turn's first token", async () => {
    const gate = createFirstTokenGate();
    await gate.clear(60_000);

    const firstToken = gate.enter();
    const second = gate.enter();
    let through = false;
    const waiting = gate.clear(60_000).then(() => {
      through = true;
    });
    firstToken();
    firstToken(); // a second call (the answer's end after its first token) changes nothing
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(through).toBe(false);
    second();
    await waiting;
    expect(through).toBe(true);
  });

  it("lets background work go after the longest wait even while turns keep coming", async () => {
    const gate = createFirstTokenGate();
    gate.enter();
    // Resolves though the turn never reaches its first token (the test would time out otherwise).
    await expect(gate.clear(50)).resolves.toBeUndefined();
  });
});
