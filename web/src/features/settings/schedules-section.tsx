import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { findDirector } from "#shared/directors";
import { type Cadence, periodLabel } from "#shared/periods";
import { type ScheduleChange, type ScheduledRequest, scheduleInputSchema } from "#shared/schedules";
import { SettingsQuerySection } from "../../components/settings-section";
import { Button } from "../../components/ui/button";
import { ConfirmButton } from "../../components/ui/confirm-dialog";
import { errorToast } from "../../components/ui/use-toast";
import { markRunSeen, useChangeSchedule, useDeleteSchedule, useSchedules } from "../numbers/schedules-api";

const SELECT =
  "block h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:h-9 sm:text-sm";

/** Settings → Scheduled requests: each repeated question, its latest answers (new until opened), pause, change, delete. */
export function SchedulesSection() {
  const schedules = useSchedules();
  return (
    <SettingsQuerySection
      id="scheduled-requests"
      title="Scheduled requests"
      description="Questions a director answers again every week or month. Each answer arrives as a new conversation."
      query={schedules}
    >
      {({ schedules: list, limit }) =>
        list.length === 0 ? (
          <p className="text-sm text-slate-600">
            None yet. Under any answer, or beside a question you are typing, choose “Repeat weekly” or “Repeat monthly”
            to have it asked again. Your plan allows {limit}.
          </p>
        ) : (
          <ul className="grid gap-3">
            {list.map((schedule) => (
              <ScheduleRow key={schedule.id} schedule={schedule} />
            ))}
          </ul>
        )
      }
    </SettingsQuerySection>
  );
}

function ScheduleRow({ schedule }: { schedule: ScheduledRequest }) {
  const change = useChangeSchedule();
  const remove = useDeleteSchedule();
  const navigate = useNavigate();
  const [rewording, setRewording] = useState(false);
  const director = findDirector(schedule.directorId);
  const latest = schedule.runs.find((run) => run.conversationId);

  const update = (patch: ScheduleChange, onDone?: () => void) =>
    change.mutate(
      { id: schedule.id, change: patch },
      { onError: (error) => errorToast(error.message), onSuccess: () => onDone?.() },
    );

  const open = async () => {
    if (!latest?.conversationId) return;
    if (latest.isNew) await markRunSeen(latest.id).catch(() => {});
    navigate(`/chat?director=${schedule.directorId}&conversation=${latest.conversationId}`, {
      state: { selectedDirector: schedule.directorId },
    });
  };

  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3" aria-label={schedule.question}>
      {rewording ? (
        <QuestionForm
          question={schedule.question}
          saving={change.isPending}
          onSave={(question) => update({ question }, () => setRewording(false))}
          onCancel={() => setRewording(false)}
        />
      ) : (
        <p className="text-sm font-medium wrap-anywhere text-slate-900">“{schedule.question}”</p>
      )}
      <p className="text-sm text-slate-600">
        {director?.name} · {schedule.paused ? "Paused" : schedule.cadence === "weekly" ? "Every week" : "Every month"}
        {latest ? ` · Last answer ${periodLabel(latest.period, schedule.cadence).replace(/^Week/, "week")}` : ""}
        {latest?.isNew ? (
          <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">New</span>
        ) : null}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {latest ? (
          <Button size="sm" variant="secondary" onClick={() => void open()}>
            Open latest answer
          </Button>
        ) : null}
        <select
          aria-label="How often"
          className={SELECT}
          value={schedule.cadence}
          disabled={change.isPending}
          onChange={(event) => update({ cadence: event.target.value as Cadence })}
        >
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly</option>
        </select>
        <Button
          size="sm"
          variant="secondary"
          disabled={change.isPending}
          onClick={() => update({ paused: !schedule.paused })}
        >
          {schedule.paused ? "Resume" : "Pause"}
        </Button>
        {rewording ? null : (
          <Button size="sm" variant="ghost" onClick={() => setRewording(true)}>
            Change question
          </Button>
        )}
        <ConfirmButton
          label="Delete"
          question="Delete this scheduled request?"
          description={`${director?.name ?? "The director"} stops answering “${schedule.question}”. The answers already given stay in your conversations.`}
          busy={remove.isPending}
          onConfirm={(close) =>
            remove.mutate(schedule.id, { onError: (error) => errorToast(error.message), onSuccess: close })
          }
        />
      </div>
    </li>
  );
}

/** The question's wording, changed in place; what was typed stays in the box when it cannot be saved. */
function QuestionForm(props: {
  question: string;
  saving: boolean;
  onSave: (question: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(props.question);
  const [error, setError] = useState<string | undefined>();
  const id = useId();
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = scheduleInputSchema.shape.question.safeParse(text);
        if (!parsed.success) return setError(parsed.error.issues[0]?.message);
        setError(undefined);
        props.onSave(parsed.data);
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        Question
      </label>
      <textarea
        id={id}
        rows={2}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
        className="field-sizing-content max-h-48 min-h-11 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={props.saving}>
          Save question
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
