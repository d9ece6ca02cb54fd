/**
 * An init script (page.addInitScript) that notes in the page, as window.readyAt (performance.now()), the moment a
 * question can first be sent on the chat page: Send enabled under the welcome message. A MutationObserver sees it as
 * the DOM changes, so before anything the page starts afterwards (such as code fetched once it is idle).
 */
export function noteWhenReadyToAsk() {
  performance.setResourceTimingBufferSize(1000);
  const observer = new MutationObserver(() => {
    const send = document.querySelector<HTMLButtonElement>('button[aria-label="Send message"]');
    const welcome = document.querySelector('ol[aria-label^="Conversation with "]')?.textContent ?? "";
    if (!send || send.disabled || !welcome.includes("Hi, I'm")) return;
    (window as unknown as { readyAt: number }).readyAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}
