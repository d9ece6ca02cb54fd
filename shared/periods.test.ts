import { describe, expect, it } from "vitest";
import {
  isCalendarDate,
  isTimeZone,
  localDate,
  periodAt,
  periodEnd,
  periodLabel,
  periodOfDate,
  periodStart,
  periodsFrom,
  shiftPeriod,
} from "./periods";

describe("periods", () => {
  it("starts weeks on Monday and months on the first", () => {
    expect(periodOfDate("2026-11-27", "weekly")).toBe("2026-11-23");
    expect(periodOfDate("2026-11-23", "weekly")).toBe("2026-11-23");
    expect(periodOfDate("2026-11-29", "weekly")).toBe("2026-11-23");
    expect(periodOfDate("2026-11-27", "monthly")).toBe("2026-11-01");
  });

  it("reads the period in the owner's time zone, not the server's", () => {
    // Sunday 23:30 in London is already Monday in Tokyo and still Sunday in New York.
    const instant = new Date("2026-11-29T23:30:00Z");
    expect(periodAt(instant, "weekly", "Europe/London")).toBe("2026-11-23");
    expect(periodAt(instant, "weekly", "Asia/Tokyo")).toBe("2026-11-30");
    expect(periodAt(instant, "weekly", "America/New_York")).toBe("2026-11-23");
    expect(periodAt(new Date("2026-12-01T03:00:00Z"), "monthly", "America/Los_Angeles")).toBe("2026-11-01");
  });

  it("starts a week at local midnight across a daylight-saving change", () => {
    // London moves to summer time on Sunday 29 March 2026: the week of the 30th starts at 23:00 UTC on the 29th.
    expect(periodStart("2026-03-23", "Europe/London").toISOString()).toBe("2026-03-23T00:00:00.000Z");
    expect(periodStart("2026-03-30", "Europe/London").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(periodEnd("2026-03-23", "weekly", "Europe/London").toISOString()).toBe("2026-03-29T23:00:00.000Z");
    // That week is an hour shorter than seven days.
    const length =
      periodEnd("2026-03-23", "weekly", "Europe/London").getTime() -
      periodStart("2026-03-23", "Europe/London").getTime();
    expect(length).toBe(7 * 24 * 3600_000 - 3600_000);
    // Half an hour after that midnight is the new week in London, still the old one in UTC.
    const justAfter = new Date("2026-03-29T23:30:00Z");
    expect(periodAt(justAfter, "weekly", "Europe/London")).toBe("2026-03-30");
    expect(periodAt(justAfter, "weekly", "UTC")).toBe("2026-03-23");
    // New York leaves summer time on 1 November 2026.
    expect(periodStart("2026-11-02", "America/New_York").toISOString()).toBe("2026-11-02T05:00:00.000Z");
    expect(periodStart("2026-10-26", "America/New_York").toISOString()).toBe("2026-10-26T04:00:00.000Z");
  });

  it("steps weeks and months, also over a year's end", () => {
    expect(shiftPeriod("2026-12-28", "weekly", 1)).toBe("2027-01-04");
    expect(shiftPeriod("2026-12-01", "monthly", 1)).toBe("2027-01-01");
    expect(shiftPeriod("2026-01-01", "monthly", -1)).toBe("2025-12-01");
    expect(shiftPeriod("2026-03-30", "weekly", -4)).toBe("2026-03-02");
    expect(periodsFrom("2026-10-01", "2027-01-01", "monthly")).toEqual([
      "2026-10-01",
      "2026-11-01",
      "2026-12-01",
      "2027-01-01",
    ]);
  });

  it("names periods as an owner reads them", () => {
    expect(periodLabel("2026-03-30", "weekly")).toBe("Week of 30 Mar 2026");
    expect(periodLabel("2026-03-01", "monthly")).toBe("March 2026");
  });

  it("knows real dates and time zones", () => {
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    expect(isCalendarDate("29/02/2028")).toBe(false);
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(localDate(new Date("2026-11-27T23:30:00Z"), "Asia/Tokyo")).toBe("2026-11-28");
  });
});
