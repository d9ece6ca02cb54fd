import { useQueryClient } from "@tanstack/react-query";
import type { SecurityOverview } from "#shared/settings";
import { toast } from "../../components/ui/use-toast";
import { formatDate } from "../../lib/format-date";
import { useFinishSignOut } from "../../lib/use-session";
import { SECURITY_QUERY_KEY, signOutSession } from "./settings-api";
import { SignOutButton } from "./sign-out-button";

/** A session's last use is recorded every ten minutes (SESSION_SEEN_EVERY_SECONDS): within that, it is in use now. */
const ACTIVE_NOW_MS = 10 * 60_000;
const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

/** "Active now", "Last active 3 hours ago", "Last active Mar 2, 2026". */
export function lastSeen(iso: string, now = Date.now()): string {
  const ago = now - Date.parse(iso);
  if (ago < ACTIVE_NOW_MS) return "Active now";
  const hours = ago / 3_600_000;
  if (hours < 1) return `Last active ${RELATIVE.format(-Math.round(ago / 60_000), "minute")}`;
  if (hours < 24) return `Last active ${RELATIVE.format(-Math.round(hours), "hour")}`;
  if (hours < 24 * 7) return `Last active ${RELATIVE.format(-Math.round(hours / 24), "day")}`;
  return `Last active ${formatDate(iso)}`;
}

/** Settings → Security: every device signed in to the account, with "Sign out" for each other one. */
export function SignedInDevices({ sessions }: { sessions: SecurityOverview["sessions"] }) {
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">Where you're signed in</h3>
      <p className="mt-1 text-sm text-slate-600">Sign out any device you don't recognise, then change your password.</p>
      <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {sessions.map((session) => (
          <DeviceRow key={session.id} session={session} />
        ))}
      </ul>
    </div>
  );
}

function DeviceRow({ session }: { session: SecurityOverview["sessions"][number] }) {
  const queryClient = useQueryClient();
  const finishSignOut = useFinishSignOut();
  const details = [
    session.address ?? "Unknown address",
    lastSeen(session.lastSeenAt),
    `Signed in ${formatDate(session.signedInAt)}`,
  ];
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {session.device}
          {session.current ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">This device</span>
          ) : null}
        </p>
        <p className="mt-0.5 text-sm wrap-anywhere text-slate-600">{details.join(" · ")}</p>
      </div>
      <SignOutButton
        size="sm"
        className="shrink-0 self-start sm:self-center"
        aria-label={`Sign out ${session.device}${session.current ? " (this device)" : ""}`}
        signOut={async () => {
          const { current } = await signOutSession(session.id);
          if (current) {
            await finishSignOut("/login");
            toast({ title: "Signed out", description: "You have been signed out on this device." });
            return;
          }
          await queryClient.invalidateQueries({ queryKey: SECURITY_QUERY_KEY });
          toast({ title: "Device signed out", description: `${session.device} has been signed out.` });
        }}
      >
        Sign out
      </SignOutButton>
    </li>
  );
}
