import { type ReactNode, type Ref, useEffect, useRef, useState } from "react";
import { pauseIcon, playIcon } from "../../components/ui/app-icons";
import { Icon } from "../../components/ui/icon";
import { cn } from "../../lib/cn";
import { parseVideoSource, type VideoSource } from "./video-source";

const TITLE = "Directors product demo";

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
  const source = parseVideoSource(url);
  return (
    <div
      className="relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-900 shadow-2xl ring-1 shadow-brand-900/20 ring-slate-900/10"
      data-testid="demo-video"
    >
      {source?.kind === "file" ? (
        <FileVideo key={source.src} src={source.src} poster={poster} />
      ) : source?.kind === "embed" ? (
        <EmbeddedVideo key={source.embedUrl} source={source} />
      ) : (
        <Poster>
          <PlayButton disabled />
        </Poster>
      )}
    </div>
  );
}

function FileVideo({ src, poster }: { src: string; poster: string | null }) {
  const video = useRef<HTMLVideoElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);
  // When the focused button disappears (play ↔ pause), focus follows to the one that replaces it.
  const focusFollows = useRef(false);
  useEffect(() => {
    if (!focusFollows.current) return;
    focusFollows.current = false;
    (playing ? pauseButton : playButton).current?.focus();
  }, [playing]);

  const play = async () => {
    try {
      await video.current?.play();
    } catch (error) {
      // The spec: a failure is only logged, nothing is shown to the visitor.
      console.error("Error playing video:", error);
    }
  };

  const pause = () => {
    try {
      video.current?.pause();
    } catch (error) {
      console.error("Error pausing video:", error);
    }
  };

  return (
    <>
      {/* Controls are our own buttons; preload="none" keeps the file off the network until play. */}
      {/* biome-ignore lint/a11y/useMediaCaption: configuration names one video file and no caption track; a demo should be narrated on screen. */}
      <video
        ref={video}
        src={src}
        preload="none"
        playsInline
        aria-label={TITLE}
        className="absolute inset-0 h-full w-full bg-black object-contain"
        onPlaying={() => {
          focusFollows.current = playButton.current !== null && playButton.current === document.activeElement;
          setStarted(true);
          setPlaying(true);
        }}
        onPause={() => {
          focusFollows.current = pauseButton.current !== null && pauseButton.current === document.activeElement;
          setPlaying(false);
        }}
        onEnded={() => setPlaying(false)}
      />
      {playing ? (
        <button
          ref={pauseButton}
          type="button"
          aria-label="Pause demo video"
          onClick={pause}
          className="absolute bottom-3 left-3 grid h-11 w-11 place-items-center rounded-full bg-slate-900/70 text-white backdrop-blur transition-colors hover:bg-slate-900/90 focus-visible:outline-white"
        >
          <Icon drawing={pauseIcon} className="h-5 w-5" />
        </button>
      ) : started ? (
        <div className="absolute inset-0 grid place-items-center bg-slate-950/40">
          <PlayButton ref={playButton} onClick={play} />
        </div>
      ) : poster ? (
        <div className="absolute inset-0">
          <img
            src={poster}
            alt=""
            width={1280}
            height={720}
            decoding="async"
            className="absolute inset-0 h-full w-full object-cover"
          />
          <div className="absolute inset-0 grid place-items-center bg-slate-950/30">
            <PlayButton ref={playButton} onClick={play} />
          </div>
        </div>
      ) : (
        <Poster>
          <PlayButton ref={playButton} onClick={play} />
        </Poster>
      )}
    </>
  );
}

function EmbeddedVideo({ source }: { source: Extract<VideoSource, { kind: "embed" }> }) {
  const [requested, setRequested] = useState(false);
  if (requested) {
    return (
      <iframe
        src={source.embedUrl}
        title={TITLE}
        className="absolute inset-0 h-full w-full"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <Poster>
      <PlayButton onClick={() => setRequested(true)} />
      <p className="text-xs text-slate-200">
        Plays from {source.provider === "youtube" ? "YouTube" : "Vimeo"} when you press play.
      </p>
    </Poster>
  );
}

function PlayButton({
  disabled,
  onClick,
  ref,
}: {
  disabled?: boolean;
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label="Play demo video"
      disabled={disabled}
      onClick={onClick}
      className={cn(
        "grid h-16 w-16 place-items-center rounded-full bg-white text-brand-700 shadow-xl ring-8 ring-white/20 transition-transform focus-visible:outline-white sm:h-20 sm:w-20",
        disabled ? "cursor-not-allowed opacity-60" : "hover:scale-105 motion-reduce:hover:scale-100",
      )}
    >
      <Icon drawing={playIcon} className="ml-1 h-7 w-7 sm:h-8 sm:w-8" />
    </button>
  );
}

/**
 * The designed poster: a sketch of the chat screen drawn with CSS, so it costs
 * no request and shifts nothing when it appears.
 */
function Poster({ children }: { children: ReactNode }) {
  return (
    <div className="absolute inset-0 bg-gradient-to-br from-brand-900 via-slate-900 to-slate-950">
      <div
        aria-hidden="true"
        className="absolute inset-[6%] flex overflow-hidden rounded-xl bg-white/[0.06] ring-1 ring-white/10"
      >
        <div className="hidden w-1/4 flex-col gap-[6%] border-r border-white/10 p-[3%] sm:flex">
          {["M", "F", "O", "H"].map((letter, index) => (
            <div key={letter} className="flex items-center gap-2">
              <span
                className={cn(
                  "grid aspect-square w-1/4 place-items-center rounded-full text-[0.6rem] font-bold",
                  index === 0 ? "bg-brand-500 text-white" : "bg-white/15 text-white/70",
                )}
              >
                {letter}
              </span>
              <span className="h-1.5 flex-1 rounded-full bg-white/15" />
            </div>
          ))}
        </div>
        <div className="flex flex-1 flex-col justify-end gap-[4%] p-[4%]">
          <span className="h-[9%] w-1/2 self-end rounded-lg bg-brand-500/70" />
          <span className="h-[16%] w-3/4 rounded-lg bg-white/15" />
          <span className="h-[9%] w-2/5 self-end rounded-lg bg-brand-500/70" />
          <span className="h-[20%] w-4/5 rounded-lg bg-white/15" />
          <span className="mt-[2%] h-[11%] w-full rounded-lg bg-white/10 ring-1 ring-white/15" />
        </div>
      </div>
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-950/30 p-4 text-center">
        {children}
      </div>
    </div>
  );
}
