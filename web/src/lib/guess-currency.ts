/** A currency for the browser's region ("en-GB" → GBP), until the owner chooses one in Settings. */
const BY_REGION: Record<string, string> = {
  GB: "GBP",
  US: "USD",
  CA: "CAD",
  AU: "AUD",
  NZ: "NZD",
  IE: "EUR",
  DE: "EUR",
  FR: "EUR",
  ES: "EUR",
  IT: "EUR",
  NL: "EUR",
  BE: "EUR",
  AT: "EUR",
  PT: "EUR",
  FI: "EUR",
  CH: "CHF",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  PL: "PLN",
  IN: "INR",
  JP: "JPY",
  ZA: "ZAR",
  SG: "SGD",
};

export const CURRENCIES = [...new Set(Object.values(BY_REGION))].sort();

export function guessCurrency(locale: string): string {
  const region = locale.split("-")[1]?.toUpperCase();
  return (region && BY_REGION[region]) || "USD";
}
