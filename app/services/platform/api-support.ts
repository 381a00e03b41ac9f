/**
 * The platform's support windows of the Admin API's stable versions, as its release notes publish them ("supported
 * until"), and what follows from them: which version a request is served by, and whether the app's configured
 * version is still inside its window (scripts/api-support-check.ts, in `npm test`; docs/decisions/280). Add a row
 * when the platform publishes a version; a configured version without a row fails the check.
 */

export interface SupportWindow {
  version: string;
  /** The day the version became stable (released at 17:00 UTC on the first of its month). */
  releasedOn: string;
  /** The first day it is no longer supported: from then on, a request for it is served by the oldest supported. */
  supportedUntil: string;
  /** Where the end date comes from. */
  source: "release notes" | "twelve-month rule";
}

/** Dated 2026-11-28. Rows from the "twelve-month rule" follow the published rows' pattern until their notes say. */
export const ADMIN_API_SUPPORT: readonly SupportWindow[] = [
  { version: "2025-07", releasedOn: "2025-07-01", supportedUntil: "2026-07-16", source: "twelve-month rule" },
  { version: "2025-10", releasedOn: "2025-10-01", supportedUntil: "2026-10-16", source: "twelve-month rule" },
  { version: "2026-01", releasedOn: "2026-01-01", supportedUntil: "2027-01-16", source: "twelve-month rule" },
  { version: "2026-04", releasedOn: "2026-04-01", supportedUntil: "2027-04-16", source: "release notes" },
  { version: "2026-07", releasedOn: "2026-07-01", supportedUntil: "2027-07-16", source: "twelve-month rule" },
  { version: "2026-10", releasedOn: "2026-10-01", supportedUntil: "2027-10-16", source: "release notes" },
];

/** How long before the end of its window the check starts to warn, so the next move is planned. */
export const WARN_DAYS_BEFORE_END = 90;

const DAY_MS = 86_400_000;
const day = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function supportWindow(version: string): SupportWindow | undefined {
  return ADMIN_API_SUPPORT.find((window) => window.version === version);
}

/** The stable versions supported on this day, oldest first. */
export function supportedVersions(today: Date): SupportWindow[] {
  const now = today.getTime();
  return ADMIN_API_SUPPORT.filter((window) => day(window.releasedOn) <= now && now < day(window.supportedUntil));
}

/**
 * The version the platform serves a request for `requested` with: the same when it is supported; the oldest
 * supported when it is a stable version older than that (the platform "falls forward"); null when it is not a
 * version the platform has released (answered 404).
 */
export function servedVersion(requested: string, today: Date): string | null {
  const supported = supportedVersions(today);
  if (supported.some((window) => window.version === requested)) return requested;
  const oldest = supported[0];
  if (!oldest || !/^\d{4}-(01|04|07|10)$/.test(requested)) return null;
  return requested < oldest.version ? oldest.version : null;
}

export type SupportStatus =
  | { level: "ok"; window: SupportWindow; daysLeft: number }
  | { level: "warning"; window: SupportWindow; daysLeft: number }
  | { level: "expired"; window: SupportWindow; daysLeft: number }
  | { level: "unknown"; window?: undefined; daysLeft?: undefined };

/** Where the configured version stands on this day: inside its window, in its last 90 days, past it, or unknown. */
export function supportStatus(version: string, today: Date): SupportStatus {
  const window = supportWindow(version);
  if (!window) return { level: "unknown" };
  const daysLeft = Math.ceil((day(window.supportedUntil) - today.getTime()) / DAY_MS);
  if (daysLeft <= 0) return { level: "expired", window, daysLeft };
  if (daysLeft <= WARN_DAYS_BEFORE_END) return { level: "warning", window, daysLeft };
  return { level: "ok", window, daysLeft };
}
