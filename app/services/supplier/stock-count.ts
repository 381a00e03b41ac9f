/**
 * What one stock value in the marketplace's answer means (docs/decisions/284). The one place that decides it: the
 * product shapes read every `stock` through it, and the stock sync sets only what it calls a count.
 */

/** The most units the platform accepts for one inventory quantity (its INVALID_QUANTITY_TOO_HIGH). */
export const MAX_STOCK_UNITS = 1_000_000_000;

export type StockReading =
  /** Units the store can be set to. */
  | { kind: "count"; units: number }
  /** The marketplace did not say (`null`, absent or empty): nothing to set. */
  | { kind: "unknown" }
  /** An answer the app does not understand (negative, fractional, text, absurd): nothing to set, and said so. */
  | { kind: "invalid"; raw: string };

export function readStockValue(value: unknown): StockReading {
  if (value === null || value === undefined || value === "") return { kind: "unknown" };
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= MAX_STOCK_UNITS) {
    return { kind: "count", units: value };
  }
  return { kind: "invalid", raw: shown(value) };
}

/**
 * The total of several readings (a product's warehouses or variations): a count only when every part is one,
 * never a sum that treats an unknown part as 0.
 */
export function sumStockReadings(readings: StockReading[]): StockReading {
  const invalid = readings.find((reading) => reading.kind === "invalid");
  if (invalid) return invalid;
  if (!readings.length || readings.some((reading) => reading.kind === "unknown")) return { kind: "unknown" };
  const units = readings.reduce((total, reading) => total + (reading.kind === "count" ? reading.units : 0), 0);
  return units <= MAX_STOCK_UNITS ? { kind: "count", units } : { kind: "invalid", raw: String(units) };
}

/** The value as the merchant may be shown it: short, whatever the marketplace sent. */
function shown(value: unknown) {
  const text = typeof value === "string" ? JSON.stringify(value) : String(JSON.stringify(value) ?? value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
