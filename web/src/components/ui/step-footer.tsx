import { Button } from "./button";
import { Icon } from "./icon";
import { checkIcon } from "./page-icons";

/** Which key moves on from this step's answer: Enter from a one-line field, Ctrl (or ⌘) + Enter from a text area. */
export type StepKey = "enter" | "mod-enter";

const IS_MAC = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent);

/**
 * The bottom of a one-question-per-step form (onboarding, training): a bar
 * that stays on screen while the form is (sticky to the bottom of the window)
 * with Back (disabled on the first step and while saving), the key that moves
 * on, and Next, which on the last step reads `lastLabel` and shows
 * "Processing..." while saving; then the note that answers are kept locally.
 */
export function StepFooter(props: {
  step: number;
  isLast: boolean;
  submitting: boolean;
  lastLabel: string;
  stepKey: StepKey;
  onBack: () => void;
}) {
  const keys = props.stepKey === "enter" ? ["Enter"] : [IS_MAC ? "⌘" : "Ctrl", "Enter"];
  return (
    <>
      <div
        data-testid="step-actions"
        className="sticky bottom-0 z-10 -mx-5 mt-4 flex items-center justify-between gap-3 border-t border-slate-100 bg-white px-5 py-3 sm:-mx-8 sm:mt-6 sm:px-8 sm:py-4"
      >
        <Button
          type="button"
          variant="secondary"
          size="lg"
          disabled={props.step === 1 || props.submitting}
          onClick={props.onBack}
        >
          Back
        </Button>
        {/* Only where there is a keyboard and room for it: phones have none to press. */}
        <p className="hidden text-center text-xs text-slate-500 sm:pointer-fine:block">
          Press{" "}
          {keys.map((key, index) => (
            <span key={key}>
              {index > 0 ? "+" : null}
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-sans text-[0.7rem] font-medium text-slate-700">
                {key}
              </kbd>
            </span>
          ))}{" "}
          {props.isLast ? "to finish" : "for the next question"}
        </p>
        <Button type="submit" size="lg" disabled={props.submitting} className="min-w-32">
          {props.isLast ? (props.submitting ? "Processing..." : props.lastLabel) : "Next"}
        </Button>
      </div>
      <SavedOnDeviceNote />
    </>
  );
}

/** Under a questionnaire's buttons: typing is never lost. */
export function SavedOnDeviceNote() {
  return (
    <p className="mt-3 flex items-center gap-1.5 pb-5 text-xs text-slate-500 sm:pb-8">
      <Icon drawing={checkIcon} className="h-3.5 w-3.5" />
      Your answers are kept on this device as you type.
    </p>
  );
}
