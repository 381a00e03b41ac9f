export { readAppDb } from "../../sandbox/lib/app-db";

/** A stored DateTime as milliseconds: SQLite gives numbers or ISO text, PostgreSQL Date objects. */
export function millisOf(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number" || typeof value === "bigint") return Number(value);
  const asNumber = Number(value);
  return Number.isFinite(asNumber) ? asNumber : Date.parse(String(value));
}
