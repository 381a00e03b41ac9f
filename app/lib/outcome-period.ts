import { addDays } from "./time-zone";

/**
 * The outcomes' period (docs/decisions/342): whole days of the shop's calendar (YYYY-MM-DD), `today` being the
 * shop's today in its own time zone, which the server computes and the page receives. Pure: the loader, the export
 * and the picker in the browser check a period alike, and never read a clock or a zone of their own.
 */

export interface Period {
  from: string;
  to: string;
}

/** The longest period one page reads: a quarter (the outcomes' sums are kept while the shop is installed). */
export const MAX_PERIOD_DAYS = 92;

export const PERIOD_PRESETS = ["today", "last7", "last30", "thisMonth", "lastMonth"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type PeriodChoice = PeriodPreset | "custom";

/** Why a period cannot be read: each has its message, and the field it concerns. */
export type PeriodProblem = "notADay" | "half" | "future" | "reversed" | "tooLong";

export type PeriodCheck =
  { ok: true; period: Period } | { ok: false; problem: PeriodProblem; field: keyof Period; value: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not one). */
export function isDay(text: unknown): text is string {
  return typeof text === "string" && DAY.test(text) && text >= "1900-01-01" && addDays(text, 0) === text;
}

/** How many days the period holds, both ends counted. */
export function daysIn(period: Period): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) + 1;
}

function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** A preset's days as of the shop's `today`. */
export function presetPeriod(preset: PeriodPreset, today: string): Period {
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "last30":
      return { from: addDays(today, -29), to: today };
    case "thisMonth":
      return { from: firstOfMonth(today), to: today };
    case "lastMonth": {
      const lastDay = addDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(lastDay), to: lastDay };
    }
  }
}

/** The preset a period is as of `today` (the first that matches: on the 1st, "today" before "this month"), or custom. */
export function presetOf(period: Period, today: string): PeriodChoice {
  return (
    PERIOD_PRESETS.find((preset) => {
      const days = presetPeriod(preset, today);
      return days.from === period.from && days.to === period.to;
    }) ?? "custom"
  );
}

/**
 * A period as asked (the URL's `from` and `to`, or the picker's fields) checked against the shop's `today`: both
 * ends real days, none after today, from <= to, at most MAX_PERIOD_DAYS long.
 */
export function checkPeriod(asked: { from?: string | null; to?: string | null }, today: string): PeriodCheck {
  const from = asked.from ?? "";
  const to = asked.to ?? "";
  for (const [field, value] of [
    ["from", from],
    ["to", to],
  ] as const) {
    if (!value) return { ok: false, problem: "half", field, value };
    if (!isDay(value)) return { ok: false, problem: "notADay", field, value };
  }
  if (from > today) return { ok: false, problem: "future", field: "from", value: from };
  if (to > today) return { ok: false, problem: "future", field: "to", value: to };
  if (from > to) return { ok: false, problem: "reversed", field: "from", value: from };
  if (daysIn({ from, to }) > MAX_PERIOD_DAYS) return { ok: false, problem: "tooLong", field: "from", value: from };
  return { ok: true, period: { from, to } };
}

/** A shop's day as the merchant reads it ("28 nov 2026", "Nov 28, 2026"): the day itself, whatever the zone. */
export function formatPeriodDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(
    Date.parse(`${day}T12:00:00Z`),
  );
}
