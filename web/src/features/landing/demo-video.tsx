import { Suspense, useState } from "react";
import type { VideoSource } from "#shared/video-source";
import { lazyNamed } from "../../lib/lazy-named";
import { PlayButton, Poster, PosterFrame } from "./demo-video-poster";

// The player (our <video> with its own controls, or a YouTube or Vimeo embed) is fetched when the visitor presses
// play: a visitor who never does downloads none of it, and the landing page's own code stays within its budget.
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
 * `source` is undefined while the configuration loads and null when it names
 * nothing playable: the drawn poster, play disabled.
 */
export function DemoVideo({ source, poster }: { source: VideoSource | null | undefined; poster: string | null }) {
  const [pressed, setPressed] = useState(false);
  const cover = source ? (
    <Cover source={source} poster={poster} onPlay={() => setPressed(true)} />
  ) : (
    <Poster>
      <PlayButton disabled />
    </Poster>
  );
  return (
    <div
      className="relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-900 shadow-2xl ring-1 shadow-brand-900/20 ring-slate-900/10"
      data-testid="demo-video"
    >
      {source && pressed ? (
        <Suspense fallback={cover}>
          <DemoVideoPlayer source={source} poster={poster} />
        </Suspense>
      ) : (
        cover
      )}
    </div>
  );
}

/** What shows until play is pressed: the recording's poster frame or the drawn poster, and the play button. */
function Cover({ source, poster, onPlay }: { source: VideoSource; poster: string | null; onPlay: () => void }) {
  if (source.kind === "file" && poster) {
    return (
      <PosterFrame src={poster}>
        <PlayButton onClick={onPlay} />
      </PosterFrame>
    );
  }
  return (
    <Poster>
      <PlayButton onClick={onPlay} />
      {source.kind === "embed" && (
        <p className="text-xs text-slate-200">
          Plays from {source.provider === "youtube" ? "YouTube" : "Vimeo"} when you press play.
        </p>
      )}
    </Poster>
  );
}
