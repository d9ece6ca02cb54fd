import { useQueryClient } from "@tanstack/react-query";
import { Switch } from "radix-ui";
import { useId, useState } from "react";
import { errorToast, toast } from "../../components/ui/use-toast";
import { cn } from "../../lib/cn";
import { KNOWLEDGE_QUERY_KEY, saveMemorySettings } from "./memory-api";

/** "Keep automatically": facts noted in conversations are kept without asking (still editable and deletable). */
export function KeepAutomatically(props: { checked: boolean; noting: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 p-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          Keep automatically
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          {props.noting
            ? "Keep what your directors note in conversations without asking you first. You can still edit or delete anything here."
            : "Your directors note facts from your conversations once an AI service is connected. Meanwhile, add facts by hand."}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={props.checked}
        disabled={pending}
        aria-describedby={`${id}-hint`}
        onCheckedChange={async (checked) => {
          setPending(true);
          try {
            await saveMemorySettings({ keepAutomatically: checked });
            await queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY });
            toast({
              title: checked ? "Facts are kept automatically" : "Facts wait for your Keep",
              description: checked
                ? "What your directors note is remembered at once."
                : "Nothing your directors note is remembered until you keep it.",
            });
          } catch (error) {
            errorToast((error as Error).message);
          } finally {
            setPending(false);
          }
        }}
        // A fingertip-sized target (44 × 44 px) around the drawn switch.
        className="-my-2 -mr-1.5 inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
      >
        <span
          aria-hidden="true"
          className={cn(
            "flex h-6 w-11 items-center rounded-full transition-colors",
            props.checked ? "bg-brand-700" : "bg-slate-300",
          )}
        >
          <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
        </span>
      </Switch.Root>
    </div>
  );
}
