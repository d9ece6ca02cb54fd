import type { ReactNode, Ref } from "react";
import { playIcon } from "../../components/ui/app-icons";
import { Icon } from "../../components/ui/icon";
import { cn } from "../../lib/cn";

export const DEMO_TITLE = "Directors product demo";

export function PlayButton({
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
export function Poster({ children }: { children: ReactNode }) {
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

/** The recording's own poster frame (a picture, unlike the drawn poster), with `children` (the play button) over it. */
export function PosterFrame({ src, children }: { src: string; children: ReactNode }) {
  return (
    <div className="absolute inset-0">
      <img
        src={src}
        alt=""
        width={1280}
        height={720}
        decoding="async"
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div className="absolute inset-0 grid place-items-center bg-slate-950/30">{children}</div>
    </div>
  );
}
