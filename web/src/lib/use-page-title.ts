import { useEffect } from "react";

const PRODUCT = "Directors";

/** The browser tab's title for this page: "Chat with Martha — Directors"; without a name, the product's own. */
export function usePageTitle(name?: string) {
  useEffect(() => {
    document.title = name ? `${name} — ${PRODUCT}` : `${PRODUCT} — AI Directors For Your Business Success`;
  }, [name]);
}
