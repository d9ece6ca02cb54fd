import { useNavigate } from "react-router";
import { findDirector } from "#shared/directors";
import { periodLabel } from "#shared/periods";
import type { ScheduledRequest } from "#shared/schedules";
import { SettingsSection } from "../../components/settings-section";
import { Button } from "../../components/ui/button";
import { errorToast } from "../../components/ui/use-toast";
import { markRunSeen, useChangeSchedule, useDeleteSchedule, useSchedules } from "../numbers/schedules-api";

const SELECT =
  "block h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 sm:h-9 sm:text-sm";

/** Settings → Scheduled requests: each repeated question, its latest answers (new until opened), pause, change, delete. */
export function SchedulesSection() {
  const schedules = useSchedules();
  return (
    <SettingsSection
      id="scheduled-requests"
      title="Scheduled requests"
      description="Questions a director answers again every week or month. Each answer arrives as a new conversation."
    >
      {schedules.isPending ? (
        <p className="text-sm text-slate-600">Loading...</p>
      ) : schedules.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {schedules.error.message}
        </p>
      ) : schedules.data.schedules.length === 0 ? (
        <p className="text-sm text-slate-600">
          None yet. Under any answer, choose “Repeat weekly” to have it asked again. Your plan allows{" "}
          {schedules.data.limit}.
        </p>
      ) : (
        <ul className="grid gap-3">
          {schedules.data.schedules.map((schedule) => (
            <ScheduleRow key={schedule.id} schedule={schedule} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function ScheduleRow({ schedule }: { schedule: ScheduledRequest }) {
  const change = useChangeSchedule();
  const remove = useDeleteSchedule();
  const navigate = useNavigate();
  const director = findDirector(schedule.directorId);
  const latest = schedule.runs.find((run) => run.conversationId);

  const update = (patch: Parameters<typeof change.mutate>[0]["change"]) =>
    change.mutate({ id: schedule.id, change: patch }, { onError: (error) => errorToast(error.message) });

  const open = async () => {
    if (!latest?.conversationId) return;
    if (latest.isNew) await markRunSeen(latest.id).catch(() => {});
    navigate(`/chat?director=${schedule.directorId}&conversation=${latest.conversationId}`, {
      state: { selectedDirector: schedule.directorId },
    });
  };

  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3" aria-label={schedule.question}>
      <p className="text-sm font-medium wrap-anywhere text-slate-900">“{schedule.question}”</p>
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
          onChange={(event) => update({ cadence: event.target.value as "weekly" | "monthly" })}
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
        <Button
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          onClick={() => remove.mutate(schedule.id, { onError: (error) => errorToast(error.message) })}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
