import { lazy, Suspense, useEffect, useState } from "react";
import { TOAST_DURATION_MS } from "#shared/constants";
import { cn } from "../../lib/cn";
import { useToastPlace } from "./toast-place";
import { dismissToast, type ToastItem, useToasts } from "./use-toast";

/**
 * Radix Toast and its layers weigh about 15 KB gzip, so they stay out of the
 * landing page's first load: the toast list is fetched with the first toast.
 * If that fetch fails (the network is down, which is when toasts matter most),
 * the toasts are shown plainly instead of taking the app down.
 */
const ToastList = lazy(() =>
  import("./toast-list").then(
    (module) => ({ default: module.ToastList }),
    () => ({ default: PlainToastList }),
  ),
);

export function Toaster() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(false);
  if (hasToasts && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  );
}

function PlainToastList() {
  const toasts = useToasts().filter((item) => item.open);
  const place = useToastPlace(toasts.length);
  return (
    <section
      aria-label="Notifications"
      style={place}
      className="pointer-events-none fixed right-0 z-[100] w-full p-4 sm:max-w-[420px]"
    >
      <ol aria-live="assertive" className="flex flex-col gap-2 [&>li]:pointer-events-auto">
        {toasts.map((item) => (
          <PlainToast key={item.id} item={item} />
        ))}
      </ol>
    </section>
  );
}

function PlainToast({ item }: { item: ToastItem }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id]);
  const destructive = item.variant === "destructive";
  return (
    <li
      className={cn(
        "relative grid gap-1 rounded-xl border p-4 pr-14 shadow-lg sm:pr-11",
        destructive ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900",
      )}
    >
      {item.title ? <p className="text-sm font-semibold">{item.title}</p> : null}
      {item.description ? (
        <p className={cn("text-sm", destructive ? "text-red-50" : "text-slate-600")}>{item.description}</p>
      ) : null}
      <button
        type="button"
        aria-label="Close"
        onClick={() => dismissToast(item.id)}
        className="absolute top-1 right-1 grid h-11 w-11 place-items-center rounded-md text-current opacity-80 hover:opacity-100 sm:top-2.5 sm:right-2.5 sm:h-7 sm:w-7"
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
