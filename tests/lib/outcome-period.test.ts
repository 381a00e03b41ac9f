import { describe, expect, it } from "vitest";
import { checkPeriod, daysIn, formatPeriodDay, isDay, presetOf, presetPeriod } from "~/lib/outcome-period";

// The shop's today as the server hands it to the page: 28 November 2026 in the shop's zone.
const TODAY = "2026-11-28";

describe("the outcomes' period", () => {
  it("counts each preset from the shop's today, both ends included", () => {
    expect(presetPeriod("today", TODAY)).toEqual({ from: "2026-11-28", to: "2026-11-28" });
    expect(presetPeriod("last7", TODAY)).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(presetPeriod("last30", TODAY)).toEqual({ from: "2026-10-30", to: "2026-11-28" });
    expect(presetPeriod("thisMonth", TODAY)).toEqual({ from: "2026-11-01", to: "2026-11-28" });
    expect(presetPeriod("lastMonth", TODAY)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    // Across a year's end and a leap February.
    expect(presetPeriod("lastMonth", "2027-01-05")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(presetPeriod("lastMonth", "2028-03-01")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(daysIn(presetPeriod("last30", TODAY))).toBe(30);
  });

  it("names a period by its preset, or custom; on the 1st, today before this month", () => {
    expect(presetOf({ from: "2026-11-22", to: "2026-11-28" }, TODAY)).toBe("last7");
    expect(presetOf({ from: "2026-10-01", to: "2026-10-31" }, TODAY)).toBe("lastMonth");
    expect(presetOf({ from: "2026-11-02", to: "2026-11-20" }, TODAY)).toBe("custom");
    expect(presetOf({ from: "2026-12-01", to: "2026-12-01" }, "2026-12-01")).toBe("today");
  });

  it("reads only real days written YYYY-MM-DD", () => {
    expect(isDay("2026-11-28")).toBe(true);
    expect(isDay("2028-02-29")).toBe(true);
    for (const text of ["2026-02-30", "2026-13-01", "28/11/2026", "2026-1-5", "", "2026-11-28T00:00", "0000-01-01"]) {
      expect(isDay(text), text).toBe(false);
    }
  });

  it("takes a period of past days up to the shop's today, from <= to, at most 92 days", () => {
    expect(checkPeriod({ from: "2026-11-02", to: "2026-11-20" }, TODAY)).toEqual({
      ok: true,
      period: { from: "2026-11-02", to: "2026-11-20" },
    });
    expect(checkPeriod({ from: TODAY, to: TODAY }, TODAY).ok).toBe(true);
    // 92 days ending today: the longest; one more is refused.
    expect(checkPeriod({ from: "2026-08-29", to: TODAY }, TODAY).ok).toBe(true);
    expect(checkPeriod({ from: "2026-08-28", to: TODAY }, TODAY)).toEqual({
      ok: false,
      problem: "tooLong",
      field: "from",
      value: "2026-08-28",
    });
    // Any quarter of the past is a period, a year ago too.
    expect(checkPeriod({ from: "2025-11-01", to: "2025-11-30" }, TODAY).ok).toBe(true);
  });

  it("says what is wrong with a period and in which field", () => {
    const refused = (from: string | null, to: string | null) => {
      const check = checkPeriod({ from, to }, TODAY);
      return check.ok ? "ok" : `${check.problem} ${check.field} ${check.value}`;
    };
    expect(refused("2026-11-29", "2026-11-29")).toBe("future from 2026-11-29");
    expect(refused("2026-11-20", "2026-11-29")).toBe("future to 2026-11-29");
    expect(refused("2026-11-20", "2026-11-10")).toBe("reversed from 2026-11-20");
    expect(refused("2026-11-20", null)).toBe("half to ");
    expect(refused(null, "2026-11-20")).toBe("half from ");
    expect(refused("ayer", "2026-11-20")).toBe("notADay from ayer");
    expect(refused("2026-11-20", "2026-02-31")).toBe("notADay to 2026-02-31");
  });

  it("writes a day as the merchant reads it, whatever the process's zone", () => {
    expect(formatPeriodDay("2026-11-28", "es")).toBe("28 nov 2026");
    expect(formatPeriodDay("2026-11-28", "en")).toBe("Nov 28, 2026");
    expect(formatPeriodDay("2026-01-01", "en")).toBe("Jan 1, 2026");
  });
});
