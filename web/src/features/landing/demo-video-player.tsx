import { useEffect, useRef, useState } from "react";
import type { VideoSource } from "#shared/video-source";
import { pauseIcon } from "../../components/ui/app-icons";
import { Icon } from "../../components/ui/icon";
import { DEMO_TITLE, PlayButton, Poster, PosterFrame } from "./demo-video-poster";

/** The demo video itself, fetched when the visitor has pressed play: it starts playing at once. */
export function DemoVideoPlayer({ source, poster }: { source: VideoSource; poster: string | null }) {
  if (source.kind === "file") return <FileVideo key={source.src} src={source.src} poster={poster} />;
  return <EmbeddedVideo key={source.embedUrl} source={source} />;
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

  // Play was pressed on the cover this player replaced: its button takes the focus the cover's had, and the video
  // starts.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the player appears.
  useEffect(() => {
    playButton.current?.focus();
    void play();
  }, []);

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
        aria-label={DEMO_TITLE}
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
        <PosterFrame src={poster}>
          <PlayButton ref={playButton} onClick={play} />
        </PosterFrame>
      ) : (
        <Poster>
          <PlayButton ref={playButton} onClick={play} />
        </Poster>
      )}
    </>
  );
}

function EmbeddedVideo({ source }: { source: Extract<VideoSource, { kind: "embed" }> }) {
  return (
    <iframe
      src={source.embedUrl}
      title={DEMO_TITLE}
      className="absolute inset-0 h-full w-full"
      allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
