import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { AppDeps } from "../../server/deps";
import { answersFor, givePlan } from "../../server/test/fixtures";
import type { DirectorId } from "../../shared/directors";

/** A new owner on premium with `director` trained, signed up through `page`, which then shares the session cookie. */
export async function signUpTrainedOwner(
  page: Page,
  app: { url: string; server: { deps: AppDeps } },
  owner: { name: string; director: DirectorId },
) {
  const response = await page.request.post("/api/auth/sign-up", {
    data: {
      name: owner.name,
      email: `${owner.director}-${Date.now()}-${Math.random()}@example.com`,
      password: "correct-horse-battery",
      confirmPassword: "correct-horse-battery",
    },
    headers: { origin: app.url },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  await givePlan(app.server.deps, user.id, "premium");
  const trained = await page.request.post(`/api/training/${owner.director}`, {
    data: answersFor(owner.director),
    headers: { origin: app.url },
  });
  expect(trained.status()).toBe(200);
}
