import { ANSWERS_KEPT_UNTIL_AI } from "#shared/ai-service";
import { ApiError } from "../../lib/api";

/**
 * The toasts of spec section 8 for completing training, shown when they are
 * true: with no AI service connected no director is "ready" yet, so the owner
 * hears that the answers are kept for when one is.
 */
export function trainedToast(name: string, config: { contextEnabled: boolean; aiConfigured: boolean }) {
  if (!config.aiConfigured) return { title: `${name} is trained!`, description: ANSWERS_KEPT_UNTIL_AI };
  return config.contextEnabled
    ? { title: `${name} is trained with RAG!`, description: "Your director is now ready with context-aware responses." }
    : { title: `${name} is trained!`, description: "Your director is now ready to assist you." };
}

/**
 * Which failure toast a refused training submit gets. Storing the answers
 * failed (or the server could not be reached, so nothing was stored) →
 * "Training Error"; the answers are stored but a later step failed → the
 * catalogue's "Error" toast for that step.
 */
export function trainingFailureToast(error: unknown): { title: string; description: string } {
  const code = error instanceof ApiError ? error.code : undefined;
  switch (code) {
    case "training:embedding_failed":
      return { title: "Error", description: "Failed to process your context data. Please try again." };
    case "training:context_store_failed":
      return { title: "Error", description: "Failed to store your training data. Please try again." };
    case "training:process_failed":
      return { title: "Error", description: "Failed to process your training data. Please try again." };
    default:
      return {
        title: "Training Error",
        description: "There was a problem saving your training data. Please try again.",
      };
  }
}

/** Why this director cannot be trained now, for the toast on the way back to /select-department. */
export function refusalToast(error: unknown, name: string): { title: string; description: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === "director:unavailable") return { title: `${name} is coming soon`, description: error.message };
  if (error.code === "plan:director_limit") return { title: "Upgrade to Access", description: error.message };
  return undefined;
}
