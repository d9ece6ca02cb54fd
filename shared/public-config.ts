import type { DirectorId } from "./directors";

/** What the server tells the browser about its configuration (GET /api/config). */
export type PublicConfig = {
  contextEnabled: boolean;
  aiConfigured: boolean;
  availableDirectors: DirectorId[];
  contactEmail: string;
  /** A YouTube or Vimeo URL, or a path to a video file; null shows the poster only. */
  demoVideoUrl: string | null;
};
