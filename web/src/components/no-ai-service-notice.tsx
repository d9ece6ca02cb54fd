import { ADMIN_AI_SETUP, ANSWERS_KEPT_UNTIL_AI, NO_AI_SERVICE_TITLE } from "#shared/ai-service";
import { cn } from "../lib/cn";
import { usePublicConfig } from "../lib/use-public-config";
import { Icon } from "./ui/icon";
import { infoIcon } from "./ui/page-icons";

/**
 * Shown before and during training while this server has no AI service: the
 * owner learns, calmly, that their answers are kept for when one is connected.
 * The settings that connect one are the operator's, folded away under "For
 * administrators". Renders nothing once a service is configured.
 */
export function NoAiServiceNotice({ className, lead }: { className?: string; lead?: string }) {
  const config = usePublicConfig();
  if (!config.data || config.data.aiConfigured) return null;
  return (
    <section
      aria-labelledby="no-ai-service-title"
      className={cn("rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 sm:p-5", className)}
    >
      <div className="flex gap-3">
        <Icon drawing={infoIcon} className="mt-0.5 h-5 w-5 flex-none text-slate-500" />
        <div className="min-w-0">
          <h2 id="no-ai-service-title" className="font-semibold text-slate-900">
            {NO_AI_SERVICE_TITLE}
          </h2>
          <p className="mt-1">
            {lead ? `${lead} ` : null}
            {ANSWERS_KEPT_UNTIL_AI}
          </p>
          <details className="mt-2 text-slate-600">
            <summary className="cursor-pointer rounded font-medium text-slate-700 hover:text-slate-900">
              For administrators
            </summary>
            <p className="mt-1">{ADMIN_AI_SETUP}</p>
          </details>
        </div>
      </div>
    </section>
  );
}
