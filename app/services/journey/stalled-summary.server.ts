import { stalledParcels } from "./pace.server";

export interface StalledParcelSummary {
  /** Parcels standing still longer than their carrier usually takes (home's "Paquetes sin movimiento"). */
  parcels: number;
  /** How many shops have at least one: never which. */
  shops: number;
  /** The one standing still since the earliest time: since when, and for how many whole days. */
  oldestSince: string | null;
  oldestDays: number | null;
}

/**
 * Across shops, for monitoring (docs/decisions/329): the same count home shows each merchant, by the same rule
 * (each shop's carrier pace, app/lib/carrier-pace.ts), summed; no shop, order or guide is named.
 */
export async function stalledParcelSummary(shops: readonly string[], now = new Date()): Promise<StalledParcelSummary> {
  const summary: StalledParcelSummary = { parcels: 0, shops: 0, oldestSince: null, oldestDays: null };
  for (const shop of shops) {
    const stalled = await stalledParcels(shop, now);
    if (!stalled.length) continue;
    summary.parcels += stalled.length;
    summary.shops += 1;
    for (const parcel of stalled) {
      if (summary.oldestSince === null || parcel.since < summary.oldestSince) {
        summary.oldestSince = parcel.since;
        summary.oldestDays = parcel.days;
      }
    }
  }
  return summary;
}
