/**
 * A shop's parcels as the marketplace sees them, for the polling bench (bench/poll.ts): `perDay` parcels a day,
 * evenly spread, each taking 2 to 6 days through eight statuses, and which of their pushes the marketplace drops.
 * Deterministic (a fixed seed), so two runs and two engines see the same parcels.
 */

export const DAY_MS = 86_400_000;

/** The main path, one spelling each of the app's status table (app/services/journey/stages.ts). */
export const PARCEL_STATUSES = [
  "GUIA GENERADA",
  "PREPARADO PARA TRANSPORTADORA",
  "ADMITIDA",
  "DESPACHADA",
  "EN TRANSITO",
  "EN TERMINAL DESTINO",
  "EN REPARTO",
  "ENTREGADO",
] as const;

export interface Parcel {
  id: string;
  createdAt: number;
  /** When each status of PARCEL_STATUSES happened (ms), the first at createdAt. */
  statusAt: number[];
  /** Per status: the marketplace never pushed it. The first never is (it is how the app heard of the order). */
  dropped: boolean[];
}

function prng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Every parcel created from `from` to `to` (ms). */
export function generateParcels(options: { perDay: number; from: number; to: number; dropRate: number }) {
  const random = prng(7);
  const spacing = DAY_MS / options.perDay;
  const parcels: Parcel[] = [];
  for (let at = options.from, n = 0; at < options.to; at += spacing, n++) {
    const durationMs = (2 + random() * 4) * DAY_MS;
    const steps = PARCEL_STATUSES.length - 1;
    parcels.push({
      id: String(50_000_000 + n),
      createdAt: Math.round(at),
      statusAt: PARCEL_STATUSES.map((_, k) => Math.round(at + (k * durationMs) / steps)),
      dropped: PARCEL_STATUSES.map((_, k) => k > 0 && random() < options.dropRate),
    });
  }
  return parcels;
}

/** How many statuses the parcel has reached at `at` (0 before it exists). */
export function reached(parcel: Parcel, at: number) {
  let count = 0;
  while (count < parcel.statusAt.length && parcel.statusAt[count] <= at) count++;
  return count;
}

/** The marketplace's time format, "YYYY-MM-DD HH:mm:ss" (what the app reads with marketplaceTime). */
export const marketTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");

/** The `GET /orders/myorders/{id}` answer for the parcel at `at`, as the marketplace gives it. */
export function orderAnswer(parcel: Parcel, at: number) {
  const count = reached(parcel, at);
  const history = PARCEL_STATUSES.slice(0, count).map((status, k) => ({
    status,
    created_at: marketTime(parcel.statusAt[k]),
    notes: "",
  }));
  return {
    isSuccess: true,
    status: 200,
    message: "",
    objects: {
      id: Number(parcel.id),
      status: history.at(-1)?.status ?? PARCEL_STATUSES[0],
      shop_order_id: "",
      shipping_guide: `24${parcel.id}`,
      shipping_company: "COORDINADORA",
      updated_at: history.at(-1)?.created_at ?? null,
      history,
    },
  };
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}
