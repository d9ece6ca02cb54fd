import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { errorToast, toast } from "../../components/ui/use-toast";
import { documentQueryKey, revokeDocumentShare, shareDocument } from "./documents-api";

/** A read-only link to the document, as for conversations: made on demand, revocable. */
export function ShareControl({ documentId, token }: { documentId: string; token: string | null }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const link = token ? `${window.location.origin}/shared-documents/${token}` : undefined;
  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: documentQueryKey(documentId) });
      toast({ title: done });
    } catch (error) {
      errorToast((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="share-heading" className="grid gap-2">
      <h2 id="share-heading" className="text-sm font-semibold text-slate-900">
        Share
      </h2>
      {link ? (
        <>
          <input
            readOnly
            aria-label="Read-only link"
            value={link}
            onFocus={(event) => event.target.select()}
            className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-xs text-slate-900"
          />
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => void act(() => revokeDocumentShare(documentId), "Link revoked")}
          >
            Revoke link
          </Button>
        </>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => void act(() => shareDocument(documentId), "Link made")}
        >
          Make a read-only link
        </Button>
      )}
    </section>
  );
}
