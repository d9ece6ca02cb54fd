import type { MouseEvent } from "react";

/**
 * Fields are checked on blur. Pressing the submit button would blur the last
 * field first, and a message appearing then would move the button away from
 * under the pointer; keeping focus where it is lets the click land.
 */
export function keepFocus(event: MouseEvent) {
  event.preventDefault();
}
