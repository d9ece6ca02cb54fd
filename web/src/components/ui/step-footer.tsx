import { Button } from "./button";
import { CheckIcon } from "./check-icon";

/**
 * The bottom of a one-question-per-step form (onboarding, training): the note
 * that answers are kept locally, Back (disabled on the first step and while
 * saving) and Next, which on the last step reads `lastLabel` and shows
 * "Processing..." while saving.
 */
export function StepFooter(props: {
  step: number;
  isLast: boolean;
  submitting: boolean;
  lastLabel: string;
  onBack: () => void;
}) {
  return (
    <>
      <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-500">
        <CheckIcon />
        Your answers are kept on this device as you type.
      </p>
      <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-100 pt-6">
        <Button
          type="button"
          variant="secondary"
          size="lg"
          disabled={props.step === 1 || props.submitting}
          onClick={props.onBack}
        >
          Back
        </Button>
        <Button type="submit" size="lg" disabled={props.submitting} className="min-w-32">
          {props.isLast ? (props.submitting ? "Processing..." : props.lastLabel) : "Next"}
        </Button>
      </div>
    </>
  );
}
