import type { OnboardingFieldName } from "#shared/onboarding";
import type { DraftStatus } from "#shared/website-draft";

/**
 * What this browser remembers of "Start from your website", per user: the
 * page the answers were drafted from and how each draft came out (for the
 * notes on the steps, across a reload), then, once onboarding is complete,
 * only the page, until the owner adds it as knowledge or declines.
 */
export type WebsiteStart = {
  url: string;
  title: string | null;
  /** Per answer while onboarding is under way; absent once it is complete. */
  status?: Partial<Record<OnboardingFieldName, DraftStatus>>;
};

export function websiteStartStore(userId: string) {
  const key = `onboardingWebsite:${userId}`;
  return {
    load(): WebsiteStart | undefined {
      try {
        const parsed = JSON.parse(localStorage.getItem(key) ?? "null") as Partial<WebsiteStart> | null;
        if (!parsed || typeof parsed.url !== "string") return undefined;
        return {
          url: parsed.url,
          title: typeof parsed.title === "string" ? parsed.title : null,
          ...(parsed.status && typeof parsed.status === "object" ? { status: parsed.status } : {}),
        };
      } catch {
        return undefined;
      }
    },
    save(value: WebsiteStart) {
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: the notes and the offer are a convenience, the answers are in the form.
      }
    },
    clear() {
      try {
        localStorage.removeItem(key);
      } catch {
        // Nothing to clear when storage is blocked.
      }
    },
  };
}

/** "harbourlane.example" for "https://www.harbourlane.example/": a site as an owner names it. */
export function siteName(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}
