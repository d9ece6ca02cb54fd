/**
 * What an owner is told while no AI service is connected to this server, in
 * the same words everywhere (notices, the welcome, the canned reply, toasts).
 * The server settings that fix it are for the operator only: ADMIN_AI_SETUP
 * goes behind a "For administrators" disclosure, never into a chat.
 */
export const NO_AI_SERVICE_TITLE = "No AI service is connected yet";

export const ANSWERS_KEPT_UNTIL_AI = "Your answers are saved and will be used as soon as an AI service is connected.";

export const ADMIN_AI_SETUP =
  "Set AI_API_KEY (or AI_BASE_URL for a local server such as Ollama) and CHAT_MODEL in the server's environment, then restart it. The README's Configuration section lists every setting.";
