import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import type { ConversationShare } from "#shared/chat";
import { findDirector } from "#shared/directors";
import { SettingsQuerySection } from "../../components/settings-section";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/format-date";
import { withErrorToast } from "../../lib/with-error-toast";

const SHARES_KEY = ["shares"] as const;

/** The read-only links the owner has made to conversations, each with Revoke. */
export function SharedLinksSection() {
  const queryClient = useQueryClient();
  const shares = useQuery({
    queryKey: SHARES_KEY,
    queryFn: ({ signal }) => api<{ shares: ConversationShare[] }>("/api/shares", { signal }),
    select: (data) => data.shares,
  });
  const revoke = (share: ConversationShare) =>
    withErrorToast(async () => {
      await api(`/api/shares/${encodeURIComponent(share.token)}`, { method: "DELETE", body: {} });
      await queryClient.invalidateQueries({ queryKey: SHARES_KEY });
      toast({ title: "Link revoked", description: `“${share.conversationTitle}” is no longer shared.` });
    });
  return (
    <SettingsQuerySection
      id="shared-links"
      title="Shared links"
      description="Anyone with one of these links can read that conversation without signing in. Revoke a link to stop it."
      query={shares}
    >
      {(list) =>
        list.length === 0 ? (
          <p className="text-sm text-slate-600">
            You have not shared a conversation. Share one from its menu in the chat.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {list.map((share) => (
              <ShareRow key={share.token} share={share} onRevoke={() => void revoke(share)} />
            ))}
          </ul>
        )
      }
    </SettingsQuerySection>
  );
}

function ShareRow({ share, onRevoke }: { share: ConversationShare; onRevoke: () => void }) {
  const director = findDirector(share.directorId);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="truncate text-sm font-semibold text-slate-900">{share.conversationTitle}</h3>
        <p className="text-sm text-slate-600">
          With {director?.name ?? "a director"} · shared on {formatDate(share.createdAt)} ·{" "}
          <Link
            to={`/shared/${share.token}`}
            target="_blank"
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            Open link
          </Link>
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={onRevoke}>
        Revoke
      </Button>
    </li>
  );
}
