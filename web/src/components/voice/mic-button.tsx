import { lazy, Suspense, useCallback, useState } from "react";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { micIcon } from "../ui/page-icons";
import { useVoiceInput } from "./voice-support";

// The recorder loads on the first press, so pages with a microphone button carry only this button.
const VoiceRecorder = lazy(() => import("./voice-recorder"));

/**
 * A microphone button beside a text field: a press starts a spoken question, a second press ends it, and the words
 * go to `onText`. Not shown where neither the AI service nor the browser can take speech down. The panel sits above
 * or below the button's nearest positioned ancestor (give the field's wrapper `relative`).
 */
export function MicButton(props: {
  label: string;
  /** Shown beside the icon (a field's "Speak your answer"); without it the button is the icon alone. */
  text?: string;
  onText: (text: string) => void;
  disabled?: boolean;
  placement?: "above" | "below";
  className?: string;
}) {
  const way = useVoiceInput();
  const [open, setOpen] = useState(false);
  const [stopRequests, setStopRequests] = useState(0);
  const close = useCallback(() => setOpen(false), []);
  if (!way) return null;
  return (
    <>
      <Button
        type="button"
        size={props.text ? "sm" : "icon"}
        variant={props.text ? "secondary" : "ghost"}
        aria-label={open ? "Stop recording" : props.label}
        title={open ? "Stop recording" : props.label}
        aria-pressed={open}
        disabled={props.disabled && !open}
        onClick={() => (open ? setStopRequests((count) => count + 1) : setOpen(true))}
        className={cn(
          "shrink-0 text-slate-600",
          !props.text && "rounded-xl",
          open && "bg-red-50 text-red-700",
          props.className,
        )}
      >
        <Icon drawing={micIcon} className="h-5 w-5" />
        {props.text ? (open ? "Stop recording" : props.text) : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <VoiceRecorder
            way={way}
            stopRequests={stopRequests}
            placement={props.placement ?? "above"}
            onText={props.onText}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
