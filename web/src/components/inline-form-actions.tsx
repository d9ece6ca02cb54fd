import { Button } from "./ui/button";

/** An inline form's small buttons: submit ("Saving..." while it runs) and, when it can be left, Cancel. */
export function InlineFormActions(props: { submitting: boolean; submitLabel?: string; onCancel?: () => void }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm" disabled={props.submitting}>
        {props.submitting ? "Saving..." : (props.submitLabel ?? "Save")}
      </Button>
      {props.onCancel ? (
        <Button type="button" size="sm" variant="ghost" disabled={props.submitting} onClick={props.onCancel}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
