import { Link } from "react-router";
import { Card } from "../../components/ui/card";

/**
 * The spec's settings card for the context feature, shown only while it is
 * on, in the owner's words ("your business context", not the technique's
 * name). It claims answers are enriched only while an AI service can answer.
 */
export function RagCard({ aiConfigured }: { aiConfigured: boolean }) {
  return (
    <section aria-labelledby="rag-heading">
      <Card className="border-brand-200 bg-gradient-to-br from-brand-50 to-white p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="rag-heading" className="text-lg font-semibold text-slate-900">
            Your business context
          </h2>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
            <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-emerald-600" />
            Enabled
          </span>
        </div>
        <p className="mt-2 text-sm text-slate-700">
          {aiConfigured
            ? "Your business context is enabled. Your directors' answers are enriched with your business context from the training data."
            : "Your business context is enabled and saved. Your directors will use it as soon as an AI service is connected."}
        </p>
        <p className="mt-2 text-sm text-slate-700">
          Add documents, web pages and notes on the{" "}
          <Link to="/knowledge" className="font-semibold text-brand-700 hover:underline">
            Knowledge
          </Link>{" "}
          page, and your directors use them too.
        </p>
      </Card>
    </section>
  );
}
