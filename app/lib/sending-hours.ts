/**
 * A shop's sending hours (docs/decisions/224): a daily window in the shop's own time zone outside which orders
 * wait. Pure and safe in the browser.
 */
import { addDays, localDayOf, offsetAt } from "./time-zone";

export interface SendingHours {
  on: boolean;
  /** HH:MM in the shop's zone. */
  from: string;
  /** HH:MM in the shop's zone; before `from`, the window spans midnight (20:00-06:00). */
  to: string;
}

/**
 * When an order held by the shop's rules goes once the merchant sends it anyway (docs/decisions/282): now; at the
 * next opening of the sending hours (`opensAt`, HH:MM on the shop's clock); or when the merchant resumes the paused
 * automation.
 */
export type SendAnywayTiming = { goes: "now" } | { goes: "at_opening"; opensAt: string } | { goes: "when_resumed" };

/** A time of day as the merchant reads it: "08:00" as "8:00", "20:30" as it is. */
export function clockLabel(time: string): string {
  return time.replace(/^0(\d:)/, "$1");
}

export const DEFAULT_SENDING_HOURS: SendingHours = { on: false, from: "08:00", to: "21:00" };

export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

const MINUTE_MS = 60_000;

/** Minutes since midnight of an HH:MM, or null when it is none. */
export function minuteOfDay(time: string): number | null {
  const match = TIME_OF_DAY_PATTERN.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function localMinuteOfDay(instant: number, timeZone: string): number {
  const local = instant + offsetAt(instant, timeZone);
  return Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / MINUTE_MS);
}

/** The instant the shop's clock reads `minute` (since midnight) on `day`; on a day whose clocks jump, near it. */
function instantOf(day: string, minute: number, timeZone: string): number {
  const [year, month, date] = day.split("-").map(Number);
  const asUtc = Date.UTC(year, month - 1, date) + minute * MINUTE_MS;
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(guess, timeZone);
}

/** The window as minutes, or null when it is off or unreadable (then nothing waits). */
function windowMinutes(hours: SendingHours): { from: number; to: number } | null {
  if (!hours.on) return null;
  const from = minuteOfDay(hours.from);
  const to = minuteOfDay(hours.to);
  if (from === null || to === null || from === to) return null;
  return { from, to };
}

/** Whether an order may go out at `at`: always when the window is off. */
export function isWithinSendingHours(at: Date, hours: SendingHours, timeZone: string): boolean {
  const window = windowMinutes(hours);
  if (!window) return true;
  const minute = localMinuteOfDay(at.getTime(), timeZone);
  return window.from < window.to
    ? minute >= window.from && minute < window.to
    : minute >= window.from || minute < window.to;
}

/**
 * isWithinSendingHours for many instants of one zone (the rules' preview over a month of orders): the zone's offset
 * read once per quarter hour (every zone's clock changes on a quarter hour), not once per instant.
 */
export function withinSendingHoursTest(hours: SendingHours, timeZone: string): (at: Date) => boolean {
  const window = windowMinutes(hours);
  if (!window) return () => true;
  const QUARTER_MS = 15 * MINUTE_MS;
  const offsets = new Map<number, number>();
  return (at) => {
    const instant = at.getTime();
    const quarter = Math.floor(instant / QUARTER_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) offsets.set(quarter, (offset = offsetAt(quarter * QUARTER_MS, timeZone)));
    const local = instant + offset;
    const minute = Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / MINUTE_MS);
    return window.from < window.to
      ? minute >= window.from && minute < window.to
      : minute >= window.from || minute < window.to;
  };
}

/**
 * The waiting period `at` falls in, when it falls outside the window: since when the window is closed and when it
 * opens next. Null inside the window or with the window off.
 */
export function closedPeriod(
  at: Date,
  hours: SendingHours,
  timeZone: string,
): { closedAt: Date; opensAt: Date } | null {
  const window = windowMinutes(hours);
  if (!window || isWithinSendingHours(at, hours, timeZone)) return null;
  const instant = at.getTime();
  const today = localDayOf(instant, timeZone);
  let opensAt = instantOf(today, window.from, timeZone);
  if (opensAt <= instant) opensAt = instantOf(addDays(today, 1), window.from, timeZone);
  let closedAt = instantOf(today, window.to, timeZone);
  if (closedAt > instant) closedAt = instantOf(addDays(today, -1), window.to, timeZone);
  return { closedAt: new Date(closedAt), opensAt: new Date(opensAt) };
}
