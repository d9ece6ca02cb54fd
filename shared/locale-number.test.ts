import { describe, expect, it } from "vitest";
import { formatLocaleNumber, parseLocaleNumber } from "./locale-number";

describe("numbers as the browser writes them", () => {
  it("reads grouping and decimals the locale's way", () => {
    expect(parseLocaleNumber("12,400.50", "en-GB")).toBe(12400.5);
    expect(parseLocaleNumber("12.400,50", "de-DE")).toBe(12400.5);
    expect(parseLocaleNumber("12 400,50", "fr-FR")).toBe(12400.5);
    expect(parseLocaleNumber("12\u202f400,50", "fr-FR")).toBe(12400.5);
    expect(parseLocaleNumber("12400", "en-US")).toBe(12400);
    expect(parseLocaleNumber(".5", "en-US")).toBe(0.5);
  });

  it("takes currency signs, percent signs and minus signs around the figure", () => {
    expect(parseLocaleNumber("£12,400", "en-GB")).toBe(12400);
    expect(parseLocaleNumber("12.400,00 €", "de-DE")).toBe(12400);
    expect(parseLocaleNumber("37 %", "en-GB")).toBe(37);
    expect(parseLocaleNumber("-1,200", "en-GB")).toBe(-1200);
    expect(parseLocaleNumber("−£3.50", "en-GB")).toBe(-3.5);
  });

  it("refuses what is not a number in that locale", () => {
    expect(parseLocaleNumber("", "en-GB")).toBeNaN();
    expect(parseLocaleNumber("twelve", "en-GB")).toBeNaN();
    expect(parseLocaleNumber("1,25", "en-GB")).toBeNaN();
    expect(parseLocaleNumber("1.2.3", "en-GB")).toBeNaN();
    expect(parseLocaleNumber("12a4", "en-GB")).toBeNaN();
  });

  it("writes a number back the locale's way", () => {
    expect(formatLocaleNumber(12400.5, "en-GB")).toBe("12,400.5");
    expect(parseLocaleNumber(formatLocaleNumber(12400.5, "de-DE"), "de-DE")).toBe(12400.5);
  });
});
