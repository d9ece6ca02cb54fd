import type { DirectorId } from "./directors";

/** What the server tells the browser about its configuration (GET /api/config). */
export type PublicConfig = {
  contextEnabled: boolean;
  aiConfigured: boolean;
  availableDirectors: DirectorId[];
  contactEmail: string;
  /** A YouTube or Vimeo URL, or a path to a video file: our own recording unless DEMO_VIDEO_URL replaces it. */
  demoVideoUrl: string;
  /** The recording's poster frame; null when DEMO_VIDEO_URL names another video. */
  demoPosterUrl: string | null;
};
