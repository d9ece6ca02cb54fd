// The owner a benchmark signs up through the app's own API, so that it is set up as a real one is.

/** Sends a request to the app under test: `app.request` in-process, or `fetch` to a running server. */
type Send = (path: string, init: RequestInit) => Response | Promise<Response>;

/** Signs up an owner ("Bench Owner" by default); the session cookie to send with its requests, and its id. */
export async function signUpBenchOwner(send: Send, origin: string, owner: { email: string; name?: string }) {
  const response = await send("/api/auth/sign-up", {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({
      name: owner.name ?? "Bench Owner",
      email: owner.email,
      password: "correct-horse-battery",
      confirmPassword: "correct-horse-battery",
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  return { cookie, userId: user.id };
}
