import { ANSWERS_KEPT_UNTIL_AI } from "#shared/ai-service";
import type { Director } from "#shared/directors";

/**
 * The spec's welcome message: the director's name and title, then one
 * sentence that depends on whether an AI provider is configured and whether
 * the context feature is on. It is shown, never stored.
 */
export function welcomeMessage(director: Director, config: { aiConfigured: boolean; contextEnabled: boolean }): string {
  // "Business Development" is a department, not a role, so it gets one.
  const role = director.title.includes("Director") ? director.title : `${director.title} director`;
  const intro = `Hi, I'm ${director.name}, your ${role}.`;
  if (!config.aiConfigured) return `${intro} My AI assistant is not fully configured yet. ${ANSWERS_KEPT_UNTIL_AI}`;
  if (!config.contextEnabled) return `${intro} How can I help you today?`;
  return `${intro} I have access to your onboarding and training information, so my advice fits your business.`;
}
