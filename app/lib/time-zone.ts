/**
 * Days and times in the shop's own time zone (docs/decisions/200). Pure and safe in the browser: the server and
 * the browser give the same text for the same instant and zone, whatever their own default zone.
 */

export const DEFAULT_TIME_ZONE = "UTC";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partFormatter(timeZone: string) {
  let formatter = partFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    partFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows `timeZone` as an IANA name (or "UTC"). */
export function isKnownTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== "string" || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** `timeZone` when the runtime knows it, else UTC: a stored or received name never makes a page throw. */
export function knownTimeZoneOr(timeZone: string | null | undefined): string {
  return isKnownTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function localParts(instant: number, timeZone: string): LocalParts {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of partFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** The zone's offset from UTC at `instant`, in milliseconds (-5 h in Bogotá), to the minute. */
export function offsetAt(instant: number, timeZone: string): number {
  const local = localParts(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  return asUtc - Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The shop's calendar day of `date` as YYYY-MM-DD. */
export function localDayOf(date: Date | number, timeZone: string): string {
  const local = localParts(typeof date === "number" ? date : date.getTime(), timeZone);
  return `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}`;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function dayAsUtcMidnight(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * The first instant of the shop's day `day` (YYYY-MM-DD): local midnight, or, in a zone whose clocks jump over
 * midnight that day, the jump's instant.
 */
export function startOfLocalDay(day: string, timeZone: string): Date {
  const midnightAsUtc = dayAsUtcMidnight(day);
  const firstOffset = offsetAt(midnightAsUtc, timeZone);
  const secondOffset = offsetAt(midnightAsUtc - firstOffset, timeZone);
  const candidates = [midnightAsUtc - secondOffset, midnightAsUtc - firstOffset].sort((a, b) => a - b);
  const start = candidates.find((candidate) => localDayOf(candidate, timeZone) === day) ?? candidates[1];
  // Within the day (the candidates can overshoot the start by a whole jump), step back to its first minute.
  let earliest = start;
  while (localDayOf(earliest - MINUTE_MS, timeZone) === day) earliest -= MINUTE_MS;
  return new Date(earliest);
}

/** The day `days` calendar days after `day` (before, when negative), as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const date = new Date(dayAsUtcMidnight(day) + days * DAY_MS);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The `count` days ending with `lastDay`, oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(lastDay, index - count + 1));
}

function validDate(date: Date | string | number | null | undefined): Date | null {
  if (date === null || date === undefined || date === "") return null;
  const value = date instanceof Date ? date : new Date(date);
  return Number.isNaN(value.getTime()) ? null : value;
}

/** A date and time as the merchant reads it: in the shop's zone and the admin's locale ("26 nov 2026, 14:05"). */
export function formatShopDateTime(
  date: Date | string | number | null | undefined,
  timeZone: string,
  locale: string,
): string {
  const value = validDate(date);
  if (!value) return typeof date === "string" && date ? date : "—";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone }).format(value);
}

/** The date alone, in the shop's zone. */
export function formatShopDate(
  date: Date | string | number | null | undefined,
  timeZone: string,
  locale: string,
): string {
  const value = validDate(date);
  if (!value) return typeof date === "string" && date ? date : "—";
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone }).format(value);
}

/** A shop's day (YYYY-MM-DD) as a short label ("26 nov", "Nov 26"): the day itself, whatever the zone. */
export function formatLocalDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" }).format(
    dayAsUtcMidnight(day),
  );
}

/** The zone as the page names it: its IANA name and its offset now ("America/Bogota (GMT-5)"). */
export function describeTimeZone(timeZone: string, at: Date | number = Date.now()): string {
  const offsetMinutes = Math.round(offsetAt(typeof at === "number" ? at : at.getTime(), timeZone) / MINUTE_MS);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const hours = Math.floor(Math.abs(offsetMinutes) / 60);
  const minutes = Math.abs(offsetMinutes) % 60;
  const offset = offsetMinutes === 0 ? "GMT" : `GMT${sign}${hours}${minutes ? `:${pad(minutes)}` : ""}`;
  return `${timeZone} (${offset})`;
}

/**
 * A date and time in the shop's zone as spreadsheets read a date in any regional setting ("2026-11-26 14:05:09"),
 * "" for none.
 */
export function formatSheetDateTime(date: Date | null | undefined, timeZone: string): string {
  if (!date || Number.isNaN(date.getTime())) return "";
  const local = new Date(Math.floor(date.getTime() / 1000) * 1000 + offsetAt(date.getTime(), timeZone));
  const day = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  return `${day} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
}
