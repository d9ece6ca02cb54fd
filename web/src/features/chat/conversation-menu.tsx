import { useQueryClient } from "@tanstack/react-query";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import type { ConversationSummary } from "#shared/chat";
import { Button } from "../../components/ui/button";
import { ConfirmDialog, DialogClose } from "../../components/ui/confirm-dialog";
import { Icon } from "../../components/ui/icon";
import { moreIcon } from "../../components/ui/page-icons";
import { dismissToast, errorToast, toast } from "../../components/ui/use-toast";
import { conversationListKey, deleteConversation, exportUrl, restoreConversation } from "./chat-api";
import { RenameDialog, ShareDialog } from "./conversation-dialogs";

type Dialog = "rename" | "share" | "delete" | undefined;

/**
 * What an owner can do with the conversation on screen: rename it, download
 * it as Markdown or PDF, share a read-only link, or delete it (with Undo).
 */
export function ConversationMenu(props: {
  conversation: ConversationSummary | undefined;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { conversation } = props;
  const [dialog, setDialog] = useState<Dialog>();
  const queryClient = useQueryClient();
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: conversationListKey });

  const remove = async () => {
    if (!conversation) return;
    try {
      await deleteConversation(conversation.id);
    } catch (error) {
      errorToast((error as Error).message);
      return;
    }
    setDialog(undefined);
    refreshList();
    props.onDeleted();
    const shown = toast({
      title: "Conversation deleted",
      description: conversation.title,
      action: (
        <button
          type="button"
          className="shrink-0 self-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-900 hover:bg-slate-50"
          onClick={async () => {
            dismissToast(shown.id);
            try {
              await restoreConversation(conversation.id);
              refreshList();
              toast({ title: "Conversation restored", description: conversation.title });
            } catch (error) {
              errorToast((error as Error).message);
            }
          }}
        >
          Undo
        </button>
      ),
    });
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild disabled={!conversation}>
          <Button variant="ghost" size="icon" aria-label="Conversation options">
            <Icon drawing={moreIcon} className="h-5 w-5" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1.5 text-sm text-slate-800 shadow-lg"
          >
            <MenuItem onSelect={() => setDialog("rename")}>Rename</MenuItem>
            <MenuItem onSelect={() => setDialog("share")}>Share link…</MenuItem>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            {conversation ? (
              <>
                <DropdownMenu.Item asChild className={ITEM}>
                  <a href={exportUrl(conversation.id, "md")} download>
                    Export as Markdown
                  </a>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild className={ITEM}>
                  <a href={exportUrl(conversation.id, "pdf")} download>
                    Export as PDF
                  </a>
                </DropdownMenu.Item>
              </>
            ) : null}
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <MenuItem onSelect={() => setDialog("delete")} danger>
              Delete
            </MenuItem>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      {conversation ? (
        <>
          <RenameDialog
            open={dialog === "rename"}
            onOpenChange={(open) => setDialog(open ? "rename" : undefined)}
            conversation={conversation}
            onRenamed={() => {
              setDialog(undefined);
              refreshList();
              props.onChanged();
            }}
          />
          <ShareDialog
            open={dialog === "share"}
            onOpenChange={(open) => setDialog(open ? "share" : undefined)}
            conversation={conversation}
          />
          <ConfirmDialog
            open={dialog === "delete"}
            onOpenChange={(open) => setDialog(open ? "delete" : undefined)}
            title="Delete this conversation?"
            description={
              <p>“{conversation.title}” and its messages will be deleted. You can undo this for a moment afterwards.</p>
            }
          >
            <div className="flex justify-end gap-2">
              <DialogClose asChild>
                <Button variant="secondary">Cancel</Button>
              </DialogClose>
              <Button variant="destructive" onClick={() => void remove()}>
                Delete conversation
              </Button>
            </div>
          </ConfirmDialog>
        </>
      ) : null}
    </>
  );
}

const ITEM =
  "flex w-full cursor-pointer items-center rounded-lg px-3 py-2 outline-none select-none data-[highlighted]:bg-slate-100";

function MenuItem(props: { onSelect: () => void; children: string; danger?: boolean }) {
  return (
    <DropdownMenu.Item onSelect={props.onSelect} className={`${ITEM} ${props.danger ? "text-red-700" : ""}`}>
      {props.children}
    </DropdownMenu.Item>
  );
}
