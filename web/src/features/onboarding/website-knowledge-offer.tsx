import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Icon } from "../../components/ui/icon";
import { checkIcon } from "../../components/ui/page-icons";
import { ApiError } from "../../lib/api";
import { cn } from "../../lib/cn";
import { useSession } from "../../lib/use-session";
import { addWebPage, KNOWLEDGE_QUERY_KEY } from "../knowledge/knowledge-api";
import { siteName, websiteStartStore } from "./website-draft-store";

type OfferState = { step: "offer" } | { step: "adding" } | { step: "added" } | { step: "failed"; message: string };

/**
 * After onboarding started from the owner's website: the same page offered
 * as their first knowledge source, added in one action through the knowledge
 * feature's web-page import. Shown until the owner adds it or says not now.
 */
export function WebsiteKnowledgeOffer({ className }: { className?: string }) {
  const userId = useSession().data?.user?.id;
  if (!userId) return null;
  return <Offer key={userId} userId={userId} className={className} />;
}

function Offer({ userId, className }: { userId: string; className?: string }) {
  const store = useMemo(() => websiteStartStore(userId), [userId]);
  // Only once onboarding is complete: while it is under way the page is still being drafted from.
  const [website] = useState(() => {
    const saved = store.load();
    return saved && !saved.status ? saved : undefined;
  });
  const [state, setState] = useState<OfferState>({ step: "offer" });
  const [declined, setDeclined] = useState(false);
  const queryClient = useQueryClient();
  if (!website || declined) return null;
  const name = siteName(website.url);

  async function add() {
    if (!website) return;
    setState({ step: "adding" });
    try {
      await addWebPage({ url: website.url, directorIds: null });
      store.clear();
      setState({ step: "added" });
      void queryClient.invalidateQueries({ queryKey: KNOWLEDGE_QUERY_KEY });
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? (failure.fields.url ?? failure.message)
          : "Something went wrong. Please try again.";
      setState({ step: "failed", message });
    }
  }

  function decline() {
    store.clear();
    setDeclined(true);
  }

  return (
    <section
      aria-labelledby="website-offer-title"
      className={cn("rounded-xl border border-brand-200 bg-white p-4 text-sm text-slate-700 sm:p-5", className)}
    >
      {state.step === "added" ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between" role="status">
          <p className="flex items-start gap-2">
            <Icon drawing={checkIcon} className="mt-0.5 h-4 w-4 flex-none text-brand-700" />
            <span>
              <span id="website-offer-title" className="font-semibold text-slate-900">
                {name} is in your knowledge.
              </span>{" "}
              Your directors can use it as soon as it has been read.
            </span>
          </p>
          <Button asChild variant="secondary" size="sm" className="self-start sm:self-center">
            <Link to="/knowledge">See your knowledge</Link>
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h2 id="website-offer-title" className="font-semibold text-slate-900">
              Add your website to your directors' knowledge?
            </h2>
            <p className="mt-1">
              Your answers came from <span className="font-medium text-slate-900">{name}</span>. Add the page itself and
              your directors can draw on all of it whenever they advise you. You can remove it at any time.
            </p>
            {state.step === "failed" ? (
              <p role="alert" className="mt-2 font-medium text-red-700">
                {state.message}
              </p>
            ) : null}
          </div>
          <div className="flex flex-none gap-2">
            <Button variant="secondary" size="sm" onClick={decline} disabled={state.step === "adding"}>
              Not now
            </Button>
            <Button size="sm" onClick={() => void add()} disabled={state.step === "adding"}>
              {state.step === "adding" ? "Adding..." : "Add my website"}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
