import { Progress } from "./progress";

/** Where the owner is in a questionnaire: "Step 3 of 10", the percentage and the bar. */
export function StepProgress(props: { word: string; step: number; steps: number; label: string }) {
  const percent = (props.step / props.steps) * 100;
  return (
    <>
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="font-medium text-slate-700">
          {props.word} {props.step} of {props.steps}
        </p>
        <p className="text-slate-500">{Math.round(percent)}%</p>
      </div>
      <div className="mt-2">
        <Progress value={percent} label={props.label} />
      </div>
    </>
  );
}
