import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { type Director, findDirector } from "#shared/directors";
import type { AccountOverview } from "#shared/settings";
import { SettingsSection } from "../../components/settings-section";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, DialogActions } from "../../components/ui/confirm-dialog";
import { errorToast, toast } from "../../components/ui/use-toast";
import { cn } from "../../lib/cn";
import { formatDate } from "../../lib/format-date";
import { deleteDirectorTraining } from "./settings-api";

type DirectorRow = AccountOverview["directors"][number];

const STATE_TEXT: Record<DirectorRow["state"], string> = {
  trained: "Trained",
  available: "Not trained yet",
  over_limit: "Not included in your plan",
  unavailable: "Coming soon",
};

export function DirectorsSection({ directors }: { directors: AccountOverview["directors"] }) {
  const [deleting, setDeleting] = useState<Director | undefined>();
  const trainedCount = directors.filter((row) => row.state === "trained").length;
  return (
    <SettingsSection
      id="directors"
      title="Directors"
      description={
        trainedCount === 0
          ? "You have not trained a director yet."
          : `${trainedCount} of ${directors.length} directors trained. Train one again to update what it knows.`
      }
    >
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {directors.map((row) => {
          const director = findDirector(row.id);
          if (!director) return null;
          return (
            <li key={row.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-center gap-3">
                <span
                  aria-hidden="true"
                  className={cn(
                    "grid h-10 w-10 shrink-0 place-items-center rounded-full text-base font-semibold",
                    row.state === "trained" ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-600",
                  )}
                >
                  {director.icon}
                </span>
                <div className="min-w-0">
                  <h3 className="text-sm font-semibold text-slate-900">
                    {director.name} <span className="font-normal text-slate-600">· {director.title}</span>
                  </h3>
                  <p className="text-sm text-slate-600">
                    {row.state === "trained" && row.trainedAt ? (
                      <span className="font-medium text-emerald-800">Trained on {formatDate(row.trainedAt)}</span>
                    ) : (
                      STATE_TEXT[row.state]
                    )}
                  </p>
                </div>
              </div>
              <DirectorActions row={row} director={director} onDelete={() => setDeleting(director)} />
            </li>
          );
        })}
      </ul>
      <DeleteTrainingDialog director={deleting} onClose={() => setDeleting(undefined)} />
    </SettingsSection>
  );
}

function DirectorActions({ row, director, onDelete }: { row: DirectorRow; director: Director; onDelete: () => void }) {
  if (row.state === "trained") {
    return (
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="secondary" size="sm">
          <Link to={`/train-director/${director.id}`} aria-label={`Train again: ${director.name}`}>
            Train again
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700! hover:bg-red-50! hover:text-red-800!"
          aria-label={`Delete training: ${director.name}`}
          onClick={onDelete}
        >
          Delete training
        </Button>
      </div>
    );
  }
  if (row.state === "available") {
    return (
      <div>
        <Button asChild variant="secondary" size="sm">
          <Link to={`/train-director/${director.id}`} aria-label={`Start Training: ${director.name}`}>
            Start Training
          </Link>
        </Button>
      </div>
    );
  }
  return null;
}

function DeleteTrainingDialog({ director, onClose }: { director: Director | undefined; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  // Keeps the text while the dialog animates closed.
  const [shown, setShown] = useState<Director | undefined>(director);
  if (director && director !== shown) setShown(director);
  const name = shown?.name ?? "";

  return (
    <ConfirmDialog
      open={Boolean(director)}
      onOpenChange={(open) => {
        if (!open && !pending) onClose();
      }}
      title={`Delete ${name}'s training?`}
      description={
        <>
          <p>
            This deletes the answers you gave {name}, the business context built from them and every conversation with{" "}
            {name}. Your business profile and your other directors stay as they are.
          </p>
          <p className="font-medium text-slate-800">This cannot be undone.</p>
        </>
      }
    >
      <DialogActions busy={pending} className="mt-2">
        <Button
          variant="destructive"
          disabled={pending}
          onClick={async () => {
            if (!shown) return;
            setPending(true);
            try {
              await deleteDirectorTraining(shown.id);
              // Everything cached about directors and chats may now be out of date.
              await queryClient.invalidateQueries();
              toast({
                title: `${shown.name}'s training deleted`,
                description: `You can train ${shown.name} again whenever you like.`,
              });
              onClose();
            } catch (error) {
              errorToast((error as Error).message);
            } finally {
              setPending(false);
            }
          }}
        >
          {pending ? "Deleting..." : "Delete training"}
        </Button>
      </DialogActions>
    </ConfirmDialog>
  );
}
