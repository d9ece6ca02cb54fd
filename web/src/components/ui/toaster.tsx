import { lazy, Suspense, useState } from "react";
import { useToasts } from "./use-toast";

/**
 * Radix Toast and its layers weigh about 15 KB gzip, so they stay out of the
 * landing page's first load: the toast list is fetched with the first toast.
 */
const ToastList = lazy(() => import("./toast-list").then((module) => ({ default: module.ToastList })));

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
