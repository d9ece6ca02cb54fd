import { Card } from "../../components/ui/card";

/** The spec's one settings card, shown only while the context feature is on. */
export function RagCard() {
  return (
    <section aria-labelledby="rag-heading">
      <Card className="border-brand-200 bg-gradient-to-br from-brand-50 to-white p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="rag-heading" className="text-lg font-semibold text-slate-900">
            Retrieval-Augmented Generation
          </h2>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-emerald-600" />
            Enabled
          </span>
        </div>
        <p className="mt-2 text-sm text-slate-700">
          Retrieval-Augmented Generation is enabled. Your directors' answers are enriched with your business context
          from the training data.
        </p>
      </Card>
    </section>
  );
}
