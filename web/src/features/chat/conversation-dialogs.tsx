import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import {
  CONVERSATION_TITLE_MAX_LENGTH,
  type ConversationShare,
  type ConversationSummary,
  type ConversationTitleInput,
  conversationTitleSchema,
} from "#shared/chat";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, DialogClose } from "../../components/ui/confirm-dialog";
import { errorToast, toast } from "../../components/ui/use-toast";
import { useBusyAction } from "../../lib/use-busy-action";
import { renameConversation, revokeShare, shareConversation, shareUrl } from "./chat-api";

/** Renaming a conversation, and its read-only link (create, copy, revoke). */

export function RenameDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversation: ConversationSummary;
  onRenamed: () => void;
}) {
  const form = useForm<ConversationTitleInput>({
    resolver: zodResolver(conversationTitleSchema),
    values: { title: props.conversation.title },
  });
  const error = form.formState.errors.title?.message;
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Rename conversation"
      description={<p>A name you will recognise in your history.</p>}
    >
      <form
        className="grid gap-3"
        onSubmit={form.handleSubmit(async ({ title }) => {
          try {
            await renameConversation(props.conversation.id, title);
            props.onRenamed();
          } catch (failure) {
            form.setError("title", { message: (failure as Error).message });
          }
        })}
      >
        <label htmlFor="conversation-title" className="text-sm font-medium text-slate-900">
          Name
        </label>
        <input
          id="conversation-title"
          maxLength={CONVERSATION_TITLE_MAX_LENGTH + 20}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "conversation-title-error" : undefined}
          className="h-10 rounded-lg border border-slate-300 px-3 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none sm:text-sm"
          {...form.register("title")}
        />
        {error ? (
          <p id="conversation-title-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Save
          </Button>
        </div>
      </form>
    </ConfirmDialog>
  );
}

export function ShareDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversation: ConversationSummary;
}) {
  const [share, setShare] = useState<ConversationShare | undefined>();
  const [copied, setCopied] = useState(false);
  const [busy, run] = useBusyAction();
  const create = () => run(async () => setShare(await shareConversation(props.conversation.id)));
  const revoke = async () => {
    if (!share) return;
    try {
      await revokeShare(share.token);
      setShare(undefined);
      toast({ title: "Link revoked", description: "The link no longer shows this conversation." });
    } catch (error) {
      errorToast((error as Error).message);
    }
  };
  const link = share ? shareUrl(share.token) : "";
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) setCopied(false);
        props.onOpenChange(open);
      }}
      title="Share this conversation"
      description={
        <p>
          Anyone with the link can read this conversation's messages, including ones you add later, without signing in,
          until you revoke it. Nothing else of your account is shown.
        </p>
      }
    >
      {share ? (
        <div className="grid gap-3">
          <label htmlFor="share-link" className="text-sm font-medium text-slate-900">
            Link
          </label>
          <div className="flex gap-2">
            <input
              id="share-link"
              readOnly
              value={link}
              onFocus={(event) => event.target.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm"
            />
            <Button
              variant="secondary"
              onClick={async () => {
                await navigator.clipboard.writeText(link).catch(() => {});
                setCopied(true);
              }}
            >
              {copied ? "Copied" : "Copy link"}
            </Button>
          </div>
          <div className="flex justify-between gap-2">
            <Button variant="ghost" className="text-red-700" onClick={() => void revoke()}>
              Revoke link
            </Button>
            <DialogClose asChild>
              <Button>Done</Button>
            </DialogClose>
          </div>
        </div>
      ) : (
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button disabled={busy} onClick={() => void create()}>
            Create link
          </Button>
        </div>
      )}
    </ConfirmDialog>
  );
}
