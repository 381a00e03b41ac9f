/**
 * The status pushes of a shop's parcels for bench/journey.ts: each parcel's usual path from the supplier to the
 * buyer (8 statuses), spread over the phase in the marketplace's batches, with repeats and some statuses pushed
 * after the one that followed them. Deterministic for a seed, so two runs push the same day.
 */

/** A delivered parcel's statuses as the marketplace spells them (app/services/journey/stages.ts). */
export const PARCEL_PATH = [
  "PENDIENTE",
  "GUIA GENERADA",
  "ADMITIDA",
  "DESPACHADA",
  "EN TRANSITO",
  "EN TERMINAL DESTINO",
  "EN REPARTO",
  "ENTREGADO",
] as const;

export interface DayOptions {
  parcels: number;
  /** First supplier order id: each phase gets parcels of its own. */
  firstId: number;
  /** How long the pushes take, in ms. */
  spanMs: number;
  /** Pushes per batch: the marketplace sends its status changes in bursts. */
  batch: number;
  /** Share of pushes sent again later (the marketplace repeats itself). */
  duplicateShare: number;
  /** Share of statuses pushed after the status that followed them. */
  outOfOrderShare: number;
  seed: number;
  /** The store orders the parcels are for (`shop_order_id`), in order; a parcel past the list names none known. */
  orderNames?: string[];
}

/** A small deterministic generator (mulberry32): the same seed gives the same day. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const reportedTime = (base: number, step: number) =>
  new Date(base + step * 3_600_000).toISOString().slice(0, 19).replace("T", " ");

export function statusPushes(options: DayOptions) {
  const next = random(options.seed);
  const pushes: { at: number; body: string }[] = [];
  const dayStart = Date.UTC(2026, 10, 27);
  let outOfOrder = 0;
  let duplicates = 0;
  for (let parcel = 0; parcel < options.parcels; parcel++) {
    const id = options.firstId + parcel;
    // A parcel starts in the first 30 % of the span and moves along in roughly even steps over the rest.
    const start = next() * 0.3 * options.spanMs;
    const gap = (0.7 * options.spanMs) / PARCEL_PATH.length;
    const times = PARCEL_PATH.map((_, step) => start + step * gap + next() * gap * 0.5);
    for (let step = 0; step + 1 < PARCEL_PATH.length; step++) {
      if (next() < options.outOfOrderShare) {
        [times[step], times[step + 1]] = [times[step + 1], times[step]];
        outOfOrder++;
      }
    }
    PARCEL_PATH.forEach((status, step) => {
      const body = JSON.stringify({
        id,
        status,
        updated_at: reportedTime(dayStart + parcel * 1_000, step),
        shop_order_id: options.orderNames?.[parcel] ?? `#B${id}`,
        shipping_guide: `24${String(id).padStart(10, "0")}`,
        shipping_company: "SERVIENTREGA",
        phone: `+57300${String(id).padStart(7, "0")}`,
        total_order: "89900",
      });
      pushes.push({ at: times[step], body });
      if (next() < options.duplicateShare) {
        duplicates++;
        pushes.push({ at: Math.min(options.spanMs, times[step] + next() * 0.05 * options.spanMs), body });
      }
    });
  }
  pushes.sort((a, b) => a.at - b.at);
  // Each batch goes out at the time of its first push: the marketplace holds a batch's changes until it sends it.
  const batches: { dueMs: number; bodies: string[] }[] = [];
  for (let index = 0; index < pushes.length; index += options.batch) {
    const slice = pushes.slice(index, index + options.batch);
    batches.push({ dueMs: Math.round(slice[0].at), bodies: slice.map((push) => push.body) });
  }
  return { batches, pushes: pushes.length, statuses: options.parcels * PARCEL_PATH.length, duplicates, outOfOrder };
}
