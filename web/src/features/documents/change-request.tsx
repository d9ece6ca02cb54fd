import { useState } from "react";
import { DOCUMENT_CHANGE_MAX } from "#shared/documents";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/field";

/**
 * Ask the director to change the selected passage (or range, or the whole document when nothing is selected):
 * "shorter", "add a row for VAT". The request stays in the box until the change is made.
 */
export function ChangeRequest(props: {
  directorName: string;
  selection: string;
  busy: boolean;
  disabledReason: string | undefined;
  onAsk: (instruction: string) => Promise<boolean>;
}) {
  const [instruction, setInstruction] = useState("");
  const ask = async () => {
    if (await props.onAsk(instruction.trim())) setInstruction("");
  };
  const preview = props.selection.length > 120 ? `${props.selection.slice(0, 120)}…` : props.selection;
  return (
    <form
      aria-label={`Ask ${props.directorName} for a change`}
      className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (instruction.trim()) void ask();
      }}
    >
      <p className="text-xs text-slate-600">
        {preview ? (
          <>
            Selected: <q className="text-slate-900">{preview}</q>
          </>
        ) : (
          "Select a passage or cells to change just that part, or ask for a change to the whole document."
        )}
      </p>
      <div className="flex gap-2">
        <label htmlFor="change-instruction" className="sr-only">
          What should {props.directorName} change?
        </label>
        <Input
          id="change-instruction"
          value={instruction}
          maxLength={DOCUMENT_CHANGE_MAX}
          onChange={(event) => setInstruction(event.target.value)}
          placeholder={`Ask ${props.directorName}: shorter, add a row for VAT…`}
        />
        <Button type="submit" disabled={props.busy || instruction.trim() === "" || props.disabledReason !== undefined}>
          {props.busy ? "Changing…" : "Ask"}
        </Button>
      </div>
      {props.disabledReason ? <p className="text-xs text-slate-600">{props.disabledReason}</p> : null}
    </form>
  );
}
