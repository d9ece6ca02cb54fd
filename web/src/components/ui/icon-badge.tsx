import { cn } from "../../lib/cn";
import { Icon, type IconDrawing } from "./icon";

const TONES = { brand: "bg-brand-50 text-brand-700", muted: "bg-slate-100 text-slate-600" };

/** An icon in a tinted circle, heading a calm state (an empty conversation, a locked director, a board to set up). */
export function IconBadge(props: { drawing: IconDrawing; tone: keyof typeof TONES; className?: string }) {
  return (
    <span className={cn("grid h-12 w-12 place-items-center rounded-full", TONES[props.tone], props.className)}>
      <Icon drawing={props.drawing} className="h-6 w-6" />
    </span>
  );
}
