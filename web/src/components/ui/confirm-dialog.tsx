import { Dialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { cn } from "../../lib/cn";
import { Button, type ButtonProps } from "./button";

/** A modal that asks before something that cannot be undone; Escape or Cancel closes it. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Where the cursor goes once the dialog has closed; by default back where it was. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[1px]" />
        <Dialog.Content
          onCloseAutoFocus={props.onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[90dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-slate-900">{props.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="grid gap-2 text-sm text-slate-600">{props.description}</div>
          </Dialog.Description>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const DialogClose = Dialog.Close;

/** The dialog's buttons: Cancel, which closes it (not while the action runs), then the action. */
export function DialogActions(props: { busy?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", props.className)}>
      <DialogClose asChild>
        <Button variant="secondary" disabled={props.busy}>
          Cancel
        </Button>
      </DialogClose>
      {props.children}
    </div>
  );
}

/**
 * A row's small button for something that cannot be undone ("Delete", "Remove"): it asks first, in a ConfirmDialog
 * whose destructive button, with the same words, runs `onConfirm`; that closes the dialog with `close` once done.
 */
export function ConfirmButton({
  label,
  question,
  description,
  busy,
  onConfirm,
  ...trigger
}: {
  label: string;
  /** The dialog's title. */
  question: string;
  description: ReactNode;
  busy?: boolean;
  onConfirm: (close: () => void) => void;
} & Omit<ButtonProps, "onClick" | "children">) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" {...trigger} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog open={open} onOpenChange={setOpen} title={question} description={description}>
        <ConfirmActions confirmLabel={label} busy={busy} onConfirm={() => onConfirm(() => setOpen(false))} />
      </ConfirmDialog>
    </>
  );
}

/** A confirmation's buttons side by side at the end: Cancel, which closes the dialog, then the destructive action. */
function ConfirmActions(props: { confirmLabel: string; busy?: boolean; onConfirm: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button variant="destructive" disabled={props.busy} onClick={props.onConfirm}>
        {props.confirmLabel}
      </Button>
    </div>
  );
}
