import { randomInt } from "node:crypto";

/** No 0/O, 1/l/I and no capitals, so a code can be read out over the phone or copied from paper without doubt. */
export const READABLE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** `groups` groups of `size` random characters of READABLE_ALPHABET, joined by dashes. */
export function readableCode(groups: number, size: number): string {
  return Array.from({ length: groups }, () =>
    Array.from({ length: size }, () => READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)]).join(""),
  ).join("-");
}

/** Ten backup codes for two-factor sign-in, "abcde-23456" as the sign-in form expects them. */
export function backupCodes(): string[] {
  return Array.from({ length: 10 }, () => readableCode(2, 5));
}
