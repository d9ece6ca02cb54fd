import { Suspense } from "react";
import { lazyNamed } from "../../lib/lazy-named";
import { PlayButton, Poster } from "./demo-video-poster";

// The player (a video file or a YouTube or Vimeo embed) is fetched once the configuration names the video, so the
// landing page's own code stays within its budget; until then the drawn poster shows with play disabled.
const DemoVideoPlayer = lazyNamed(() => import("./demo-video-player"), "DemoVideoPlayer");

/**
 * The landing page's demo video at 16:9 (spec section 2 and 4). It starts
 * paused with no native controls: an overlay button plays it and disappears
 * once it plays, a toggle pauses it. Nothing is requested from a third party
 * until the visitor presses play.
 *
 * By default it is our own recording of the product, served by our own
 * server with its poster frame; DEMO_VIDEO_URL may name another.
 *
 * `url` is undefined while the configuration loads (the drawn poster, play disabled).
 */
export function DemoVideo({ url, poster }: { url: string | undefined; poster: string | null }) {
  const drawn = (
    <Poster>
      <PlayButton disabled />
    </Poster>
  );
  return (
    <div
      className="relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-900 shadow-2xl ring-1 shadow-brand-900/20 ring-slate-900/10"
      data-testid="demo-video"
    >
      {url ? (
        <Suspense fallback={drawn}>
          <DemoVideoPlayer url={url} poster={poster} />
        </Suspense>
      ) : (
        drawn
      )}
    </div>
  );
}
