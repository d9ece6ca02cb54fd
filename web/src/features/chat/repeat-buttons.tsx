import { useState } from "react";
import type { DirectorId } from "#shared/directors";
import type { Cadence } from "#shared/periods";

/**
 * The buttons' words by cadence, in the order they stand. A Record, so a new cadence cannot be left out; not a map
 * over the periods module's list, so the chat page can show the buttons without loading that module.
 */
const REPEAT_LABELS: Record<Cadence, string> = { weekly: "Repeat weekly", monthly: "Repeat monthly" };
const CADENCES = Object.keys(REPEAT_LABELS) as Cadence[];

/**
 * "Repeat weekly" and "Repeat monthly", under an answer or beside the question being written: the director answers
 * the question again each period, each time as a new conversation. `question` reads it when a button is pressed
 * (null: it cannot be asked as it stands); `onScheduled` runs once it is scheduled.
 */
export function RepeatButtons(props: {
  directorId: DirectorId;
  directorName: string;
  question: () => string | null;
  onScheduled?: () => void;
  buttonClassName: string;
}) {
  const [saving, setSaving] = useState(false);
  const repeat = async (cadence: Cadence) => {
    const question = props.question();
    if (question === null) return;
    setSaving(true);
    try {
      // Loaded when first pressed: the chat page does not wait for the schedules API to let the owner ask.
      const { repeatQuestion } = await import("../numbers/schedules-api");
      const { directorId, directorName } = props;
      if (await repeatQuestion({ directorId, directorName, question, cadence })) props.onScheduled?.();
    } finally {
      setSaving(false);
    }
  };
  return CADENCES.map((cadence) => (
    <button
      key={cadence}
      type="button"
      disabled={saving}
      onClick={() => void repeat(cadence)}
      className={props.buttonClassName}
    >
      {REPEAT_LABELS[cadence]}
    </button>
  ));
}
