/**
 * Numbers as the owner's browser writes them: "12,400.50" in en-GB, "12.400,50" in de-DE, "12 400,50" in fr-FR, with
 * a currency symbol or a percent sign around them. Pure, so the check-in form and the import read figures alike.
 */

/** The locale's grouping and decimal separators. */
export function separatorsOf(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((part) => part.type === "group")?.value ?? ",",
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
  };
}

const SPACES = /[\s\u00a0\u202f]/g;
/** What may stand before and after the figure: a sign, currency symbols and codes, a percent sign, an "h" for hours. */
const BEFORE = /^[^\d.,]*/;
const AFTER = /[^\d.,]*$/;

/**
 * The number a text means in a locale, or NaN when it is not one. Grouping separators must stand between groups of
 * three digits ("1,25" is not twelve hundred and fifty in en-GB); spaces group digits in every locale.
 */
export function parseLocaleNumber(text: string, locale: string): number {
  const { group, decimal } = separatorsOf(locale);
  const before = text.trim().match(BEFORE)?.[0] ?? "";
  const figure = text.trim().slice(before.length).replace(AFTER, "").replace(SPACES, "");
  if (figure === "" || /\d/.test(before)) return Number.NaN;
  const negative = /[-\u2212]/.test(before); // a hyphen or a minus sign
  const groupChar = group.trim() === "" ? "" : group;
  const [whole = "", fraction, extra] = figure.split(decimal);
  if (extra !== undefined) return Number.NaN;
  const groups = groupChar ? whole.split(groupChar) : [whole];
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0] ?? "") || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))) {
    return Number.NaN;
  }
  const digits = groups.join("");
  if (!/^\d*$/.test(digits) || (fraction !== undefined && !/^\d+$/.test(fraction))) return Number.NaN;
  if (digits === "" && fraction === undefined) return Number.NaN;
  const value = Number(`${digits || "0"}${fraction === undefined ? "" : `.${fraction}`}`);
  return negative ? -value : value;
}

/** A number as the locale writes it, for an input's value: "12400.5" becomes "12,400.5" in en-GB. */
export function formatLocaleNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value);
}
