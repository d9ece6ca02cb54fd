import { TRIAL_DAYS } from "#shared/constants";
import { cn } from "../lib/cn";
import { boardIcon, bookmarkIcon, globeIcon } from "./ui/app-icons";
import { Icon } from "./ui/icon";

/** What the product does besides a chat with one director, in plain words, for the landing and pricing pages. */
const EXTRAS = [
  {
    title: "Board meeting",
    icon: boardIcon,
    text: `Ask several directors one question. They answer at once, and a memo sets out where they agree, where they disagree and what you need to decide. The ${TRIAL_DAYS}-day trial includes one preview meeting.`,
  },
  {
    title: "Knowledge",
    icon: bookmarkIcon,
    text: "Add PDFs, Word files, spreadsheets, web pages and notes. Your directors read them and show which ones each answer used.",
  },
  {
    title: "Start from your website",
    icon: globeIcon,
    text: "Give your website's address and we draft your business profile from it. You check every answer before it is saved.",
  },
] as const;

export function BeyondChat({ headingLevel, className }: { headingLevel: "h2" | "h3"; className?: string }) {
  const Heading = headingLevel;
  return (
    <ul className={cn("grid gap-4 md:grid-cols-3", className)}>
      {EXTRAS.map((extra) => (
        <li key={extra.title} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <Icon drawing={extra.icon} className="h-5 w-5" />
          </span>
          <div className="min-w-0">
            <Heading className="font-semibold text-slate-900">{extra.title}</Heading>
            <p className="mt-1 text-sm text-slate-600">{extra.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
