/** What may be logged of a failed Stripe call: its kind and code, never its request (an owner's email, say). */
export function stripeFailure(error: unknown): { type?: string; code?: string; statusCode?: number } {
  if (typeof error !== "object" || error === null) return {};
  const { type, code, statusCode } = error as { type?: string; code?: string; statusCode?: number };
  return { type, code, statusCode };
}
