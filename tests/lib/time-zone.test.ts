import { describe, expect, it } from "vitest";
import {
  addDays,
  daysEndingWith,
  describeTimeZone,
  formatLocalDay,
  formatShopDateTime,
  isKnownTimeZone,
  knownTimeZoneOr,
  localDayOf,
  startOfLocalDay,
} from "~/lib/time-zone";

describe("the shop's days and times", () => {
  it("puts an evening order in Bogotá on its own day, not the next UTC day", () => {
    const evening = new Date("2026-11-26T23:30:00Z"); // 18:30 in Bogotá
    expect(localDayOf(evening, "America/Bogota")).toBe("2026-11-26");
    expect(localDayOf(evening, "UTC")).toBe("2026-11-26");
    const late = new Date("2026-11-27T04:59:00Z"); // 23:59 in Bogotá
    expect(localDayOf(late, "America/Bogota")).toBe("2026-11-26");
    expect(localDayOf(late, "UTC")).toBe("2026-11-27");
    expect(localDayOf(new Date("2026-11-27T05:00:00Z"), "America/Bogota")).toBe("2026-11-27");
  });

  it("starts the shop's day at its local midnight", () => {
    expect(startOfLocalDay("2026-11-26", "America/Bogota").toISOString()).toBe("2026-11-26T05:00:00.000Z");
    expect(startOfLocalDay("2026-11-26", "America/Mexico_City").toISOString()).toBe("2026-11-26T06:00:00.000Z");
    expect(startOfLocalDay("2026-11-26", "UTC").toISOString()).toBe("2026-11-26T00:00:00.000Z");
    expect(startOfLocalDay("2026-11-26", "Asia/Kolkata").toISOString()).toBe("2026-11-25T18:30:00.000Z");
  });

  it("follows daylight saving: a 23-hour and a 25-hour day in New York", () => {
    const spring = startOfLocalDay("2026-03-08", "America/New_York");
    const after = startOfLocalDay("2026-03-09", "America/New_York");
    expect(spring.toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(after.getTime() - spring.getTime()).toBe(23 * 3_600_000);
    const autumn = startOfLocalDay("2026-11-01", "America/New_York");
    expect(startOfLocalDay("2026-11-02", "America/New_York").getTime() - autumn.getTime()).toBe(25 * 3_600_000);
  });

  it("starts a day whose midnight the clocks skip at the jump (Santiago's spring)", () => {
    // Chile moves from -04 to -03 at 00:00 local on the first Sunday of September: 00:00 to 00:59 never happen.
    const start = startOfLocalDay("2026-09-06", "America/Santiago");
    expect(localDayOf(start, "America/Santiago")).toBe("2026-09-06");
    expect(localDayOf(start.getTime() - 60_000, "America/Santiago")).toBe("2026-09-05");
    expect(start.toISOString()).toBe("2026-09-06T04:00:00.000Z");
  });

  it("counts calendar days", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(daysEndingWith("2026-11-26", 3)).toEqual(["2026-11-24", "2026-11-25", "2026-11-26"]);
    expect(() => startOfLocalDay("26/11/2026", "UTC")).toThrow(RangeError);
  });

  it("formats a time in the shop's zone whatever the process's zone", () => {
    const at = new Date("2026-11-27T02:05:00Z");
    expect(formatShopDateTime(at, "America/Bogota", "es-CO")).toMatch(/^26\/11\/2026, 9:05\sp/);
    expect(formatShopDateTime(at, "UTC", "en")).toMatch(/Nov 27, 2026.*2:05/);
    expect(formatShopDateTime(null, "UTC", "en")).toBe("—");
    expect(formatShopDateTime("not a date", "UTC", "en")).toBe("not a date");
    expect(formatLocalDay("2026-11-26", "es")).toBe("26 nov");
  });

  it("names the zone with its offset", () => {
    expect(describeTimeZone("America/Bogota", new Date("2026-11-26T12:00:00Z"))).toBe("America/Bogota (GMT-5)");
    expect(describeTimeZone("Asia/Kolkata", new Date("2026-11-26T12:00:00Z"))).toBe("Asia/Kolkata (GMT+5:30)");
    expect(describeTimeZone("UTC", new Date("2026-11-26T12:00:00Z"))).toBe("UTC (GMT)");
  });

  it("treats an unknown zone name as UTC", () => {
    expect(isKnownTimeZone("America/Bogota")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isKnownTimeZone("")).toBe(false);
    expect(knownTimeZoneOr("Mars/Olympus_Mons")).toBe("UTC");
    expect(knownTimeZoneOr(null)).toBe("UTC");
  });
});
