import { ownerText } from "./validation";

/**
 * One rule for every web address an owner types (onboarding's "Start from your
 * website", Knowledge → Web page): "crumbandco.co.uk" is read as
 * https://crumbandco.co.uk, since owners rarely type the scheme.
 */

export const WEB_ADDRESS_MESSAGE = "Enter a web address, like www.example.com";

/** Adds https:// unless the owner gave a scheme ("localhost:3000/menu" is a host and port, not a scheme). */
export function withScheme(value: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^[^:/]+:\d+(\/|$)/.test(value) ? value : `https://${value}`;
}

/** An http(s) address with a host that can be a website's: a name with a dot, localhost, or an IP address. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    const host = url.hostname;
    const hostLike = host.includes(".") || host === "localhost" || host.startsWith("[");
    return (url.protocol === "http:" || url.protocol === "https:") && hostLike && !host.endsWith(".");
  } catch {
    return false;
  }
}

/** A web address field: trimmed, given https:// when bare, refused unless http(s). */
export function webAddressSchema(emptyMessage: string) {
  return ownerText({ error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .max(2000, "This address is too long")
    .transform(withScheme)
    .refine(isWebAddress, WEB_ADDRESS_MESSAGE);
}
