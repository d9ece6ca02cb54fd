import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { closeIcon } from "../../components/ui/app-icons";
import { Icon } from "../../components/ui/icon";
import { cn } from "../../lib/cn";

export type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  side: "left" | "bottom";
  children: ReactNode;
};

/** The sheet itself (see sheet.tsx), a dialog that slides in from its side. */
export function SheetPanel(props: SheetProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className={cn(
            "fixed z-50 flex flex-col bg-white shadow-xl focus:outline-none",
            props.side === "left"
              ? "inset-y-0 left-0 w-[min(20rem,88vw)]"
              : "inset-x-0 bottom-0 max-h-[80dvh] rounded-t-2xl pb-[env(safe-area-inset-bottom)]",
          )}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-base font-semibold text-slate-900">{props.title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="grid h-11 w-11 place-items-center rounded-md sm:h-9 sm:w-9 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
            >
              <Icon drawing={closeIcon} className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">{props.children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
