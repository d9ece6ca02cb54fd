import { type ReactNode, useSyncExternalStore } from "react";
import { TOAST_LIMIT } from "#shared/constants";

/**
 * One toast store for the whole app (spec section 4): add, update, dismiss
 * (close, then remove after the exit animation), remove; newest first, at most
 * five kept.
 */

export type ToastContent = {
  title?: ReactNode;
  description?: ReactNode;
  variant?: "default" | "destructive";
  action?: ReactNode;
};

export type ToastItem = ToastContent & { id: string; open: boolean };

const REMOVE_DELAY_MS = 300;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function addToast(content: ToastContent): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  emit([{ ...content, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return id;
}

export function updateToast(id: string, content: ToastContent) {
  emit(toasts.map((item) => (item.id === id ? { ...item, ...content } : item)));
}

export function dismissToast(id?: string) {
  const ids = id ? [id] : toasts.map((item) => item.id);
  for (const toastId of ids) {
    if (removalTimers.has(toastId)) continue;
    removalTimers.set(
      toastId,
      setTimeout(() => {
        removalTimers.delete(toastId);
        removeToast(toastId);
      }, REMOVE_DELAY_MS),
    );
  }
  emit(toasts.map((item) => (ids.includes(item.id) ? { ...item, open: false } : item)));
}

export function removeToast(id?: string) {
  emit(id ? toasts.filter((item) => item.id !== id) : []);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts);
}

/** Shorthand used by features: toast({ title, description, variant }). */
export function toast(content: ToastContent) {
  const id = addToast(content);
  return { id, dismiss: () => dismissToast(id), update: (next: ToastContent) => updateToast(id, next) };
}

/** The spec's destructive "Error" toast with one of the catalogue's messages. */
export function errorToast(description: string, title = "Error") {
  return toast({ title, description, variant: "destructive" });
}
