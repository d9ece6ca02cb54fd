import { OnceOpened } from "../../components/once-opened";
import { lazyNamed } from "../../lib/lazy-named";
import type { SheetProps } from "./sheet-panel";

// The panel and its dialog code are fetched when a sheet is first opened, not with the page.
const SheetPanel = lazyNamed(() => import("./sheet-panel"), "SheetPanel");

/** A panel that slides over the chat on phones: the history from the left, the Superpowers from below. */
export function Sheet(props: SheetProps) {
  return (
    <OnceOpened open={props.open}>
      <SheetPanel {...props} />
    </OnceOpened>
  );
}
