import type { MessageKey, Vars } from "~/i18n";

/**
 * A duration as a merchant reads it: "menos de 1 s" rather than "0 s", "4,5 s", "4 min 30 s" rather than "270 s",
 * "2 h 5 min". Units by Intl in the admin's locale; null shows as "—".
 */
export function formatDuration(
  t: (key: MessageKey, vars?: Vars) => string,
  formatLocale: string,
  ms: number | null | undefined,
): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
  if (ms < 1000) return t("duration.underSecond");
  const unit = (value: number, name: "second" | "minute" | "hour", digits = 0) =>
    new Intl.NumberFormat(formatLocale, { style: "unit", unit: name, maximumFractionDigits: digits }).format(value);
  const seconds = ms / 1000;
  if (seconds < 10) return unit(Math.floor(seconds * 10) / 10, "second", 1);
  if (seconds < 60) return unit(Math.round(seconds), "second");
  const wholeSeconds = Math.round(seconds);
  if (wholeSeconds < 3600) {
    const minutes = Math.floor(wholeSeconds / 60);
    const rest = wholeSeconds % 60;
    return rest ? `${unit(minutes, "minute")} ${unit(rest, "second")}` : unit(minutes, "minute");
  }
  const hours = Math.floor(wholeSeconds / 3600);
  const minutes = Math.round((wholeSeconds % 3600) / 60);
  return minutes ? `${unit(hours, "hour")} ${unit(minutes, "minute")}` : unit(hours, "hour");
}
