import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { findDirector } from "#shared/directors";
import type { SharedDocument } from "#shared/documents";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { usePageTitle } from "../../lib/use-page-title";
import { DocumentPreview } from "./document-preview";
import { readSharedDocument } from "./documents-api";
import "./documents.css";

/** /shared-documents/:token: a document shared read-only, for anyone with the link. */
export function SharedDocumentPage() {
  const { token = "" } = useParams();
  const [shared, setShared] = useState<SharedDocument | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  usePageTitle(shared?.title ?? "Shared document");
  useEffect(() => {
    readSharedDocument(token).then(setShared, (error: Error) => setFailure(error.message));
  }, [token]);
  return (
    <div className="flex-1 bg-slate-50 px-3 py-6 sm:px-6 sm:py-10">
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        {failure ? (
          <Card role="alert" className="p-6 text-slate-900">
            {failure}
          </Card>
        ) : !shared ? (
          <Skeleton className="h-64 w-full" />
        ) : (
          <>
            <p className="text-sm text-slate-600">
              Shared from Directors · drafted by {findDirector(shared.directorId)?.name ?? "the board"}
            </p>
            <Card className="p-4 sm:p-8">
              <DocumentPreview body={shared.body} />
            </Card>
            {shared.assumptions.length > 0 ? (
              <Card className="p-4">
                <h2 className="text-sm font-semibold text-slate-900">Assumptions</h2>
                <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
                  {shared.assumptions.map((item) => (
                    <li key={item.text}>
                      {item.text} — {item.why}
                    </li>
                  ))}
                </ul>
              </Card>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
