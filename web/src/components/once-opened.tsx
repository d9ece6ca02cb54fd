import { type ReactNode, Suspense, useState } from "react";

/**
 * Renders a dialog or panel from the first time it is opened on, so a lazily
 * loaded one is fetched then rather than with the page. Until its code has
 * arrived nothing shows: the page under it stays as it was.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
