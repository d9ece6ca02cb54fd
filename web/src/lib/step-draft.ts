/**
 * The unsaved answers of a step-by-step form, kept in this browser as the
 * owner types so a reload or a closed tab resumes at the same step with the
 * same text. Only the given fields are read back, each only if it is text.
 */
export type StepDraft<Values extends Record<string, string>> = { step: number; values: Values };

export function stepDraftStore<Values extends Record<string, string>>(options: {
  key: string;
  steps: number;
  empty: () => Values;
}) {
  return {
    load(): StepDraft<Values> | undefined {
      try {
        const raw = localStorage.getItem(options.key);
        if (!raw) return undefined;
        const parsed = JSON.parse(raw) as { step?: unknown; values?: Record<string, unknown> };
        const values = options.empty();
        for (const name of Object.keys(values)) {
          const value = parsed.values?.[name];
          if (typeof value === "string") (values as Record<string, string>)[name] = value;
        }
        const step = typeof parsed.step === "number" && Number.isInteger(parsed.step) ? parsed.step : 1;
        return { step: Math.min(Math.max(step, 1), options.steps), values };
      } catch {
        // Storage blocked or a damaged draft: start from the stored answers instead.
        return undefined;
      }
    },
    save(draft: StepDraft<Values>) {
      try {
        localStorage.setItem(options.key, JSON.stringify(draft));
      } catch {
        // Storage full or blocked: the form still works, only the reload safety net is missing.
      }
    },
    clear() {
      try {
        localStorage.removeItem(options.key);
      } catch {
        // Nothing to clear when storage is blocked.
      }
    },
  };
}
