import { Toast as ToastPrimitive } from "radix-ui";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from "#shared/constants";
import { cn } from "../../lib/cn";
import { closeIcon } from "./app-icons";
import { Icon } from "./icon";
import { useToastPlace } from "./toast-place";
import { dismissToast, useToasts } from "./use-toast";

/**
 * The toast store rendered with Radix Toast (spec section 4): newest first, at
 * most five (the store keeps five), 5000 ms each; F8 focuses the region, and
 * Escape or a swipe right past 50 px dismisses. Radix tabs from the newest too.
 */
export function ToastList() {
  const toasts = useToasts();
  const place = useToastPlace(toasts.length);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map((item) => {
        const destructive = item.variant === "destructive";
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            data-variant={destructive ? "destructive" : "default"}
            className={cn(
              "pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-14 shadow-lg sm:pr-11 transition-[opacity,transform] duration-200 motion-reduce:transition-none",
              "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)",
              "data-[state=closed]:opacity-0 data-[state=open]:opacity-100",
              destructive ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900",
            )}
          >
            <div className="grid min-w-0 gap-1">
              {item.title ? (
                <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
              ) : null}
              {item.description ? (
                <ToastPrimitive.Description className={cn("text-sm", destructive ? "text-red-50" : "text-slate-600")}>
                  {item.description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            {item.action}
            <ToastPrimitive.Close
              aria-label="Close"
              className={cn(
                "absolute top-1 right-1 grid h-11 w-11 place-items-center rounded-md sm:top-2.5 sm:right-2.5 sm:h-7 sm:w-7",
                destructive
                  ? "text-red-50 hover:bg-red-800 focus-visible:outline-white"
                  : "text-slate-500 hover:bg-slate-100 hover:text-slate-900",
              )}
            >
              <Icon drawing={closeIcon} className="h-4 w-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* Radix mounts each toast at the end of the list, so the column is reversed to put the newest first. */}
      {/* Under the bars at the top, or beside an open dialog (see useToastPlace), on the right from a tablet up; the
          space around lets taps through. */}
      <ToastPrimitive.Viewport
        style={{
          ...place,
          maxHeight: place.maxHeight ?? `calc(100dvh - ${typeof place.top === "number" ? place.top : 0}px)`,
        }}
        className="pointer-events-none fixed right-0 z-[100] flex w-full flex-col-reverse gap-2 p-4 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
