/**
 * How many days a parcel usually stays in each stage with its carrier, and whether one has stayed longer
 * (docs/decisions/303 says where the defaults come from). Pure: home, the log's filter and the settings card read it.
 */
export const PACE_STAGES = [
  "label_created",
  "handed_to_carrier",
  "in_transit",
  "out_for_delivery",
  "incident",
  "returning",
] as const;
export type PaceStage = (typeof PACE_STAGES)[number];

export const CARRIERS = [
  "servientrega",
  "coordinadora",
  "interrapidisimo",
  "envia",
  "tcc",
  "deprisa",
  "other",
] as const;
export type CarrierKey = (typeof CARRIERS)[number];

/** The carriers' names as a merchant reads them (brand names: the same in every language). */
export const CARRIER_NAMES: Record<Exclude<CarrierKey, "other">, string> = {
  servientrega: "Servientrega",
  coordinadora: "Coordinadora",
  interrapidisimo: "Interrapidísimo",
  envia: "Envía",
  tcc: "TCC",
  deprisa: "Deprisa",
};

export type CarrierPace = Record<CarrierKey, Record<PaceStage, number>>;

const pace = (
  label: number,
  handed: number,
  transit: number,
  out: number,
  incident: number,
  returning: number,
): Record<PaceStage, number> => ({
  label_created: label,
  handed_to_carrier: handed,
  in_transit: transit,
  out_for_delivery: out,
  incident,
  returning,
});

/** The defaults, in whole days (decision 303): a shop changes any of them in its supplier settings. */
export const DEFAULT_CARRIER_PACE: CarrierPace = {
  servientrega: pace(2, 2, 4, 1, 3, 8),
  coordinadora: pace(2, 2, 4, 1, 3, 8),
  interrapidisimo: pace(2, 2, 5, 1, 3, 10),
  envia: pace(2, 2, 5, 1, 3, 10),
  tcc: pace(2, 2, 5, 1, 3, 10),
  deprisa: pace(2, 2, 4, 1, 3, 8),
  other: pace(2, 2, 6, 2, 3, 10),
};

export const PACE_MIN_DAYS = 1;
export const PACE_MAX_DAYS = 60;

/** The carrier a marketplace's spelling names ("SERVIENTREGA S.A.", "Inter Rapidísimo", "envia"), else other. */
export function carrierKey(raw: string | null | undefined): CarrierKey {
  const folded = (raw ?? "")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  if (!folded) return "other";
  for (const key of CARRIERS) if (key !== "other" && folded.startsWith(key)) return key;
  if (folded.includes("interrapidisimo")) return "interrapidisimo";
  return "other";
}

/** The defaults with a shop's saved changes over them; a saved value out of range is left at its default. */
export function mergePace(saved: unknown): CarrierPace {
  const merged = structuredClone(DEFAULT_CARRIER_PACE);
  if (!saved || typeof saved !== "object") return merged;
  for (const carrier of CARRIERS) {
    const stages = (saved as Record<string, unknown>)[carrier];
    if (!stages || typeof stages !== "object") continue;
    for (const stage of PACE_STAGES) {
      const days = (stages as Record<string, unknown>)[stage];
      if (Number.isInteger(days) && (days as number) >= PACE_MIN_DAYS && (days as number) <= PACE_MAX_DAYS) {
        merged[carrier][stage] = days as number;
      }
    }
  }
  return merged;
}

export interface PacedParcel {
  carrier: string | null;
  stage: string;
  stageSince: Date | null;
  openIncident: string | null;
  incidentSince: Date | null;
}

const DAY = 86_400_000;
const ENDED: readonly string[] = ["delivered", "returned", "rejected", "cancelled", "lost"];

/**
 * How long a parcel has stood still past its carrier's pace: null while it is within it (or its stage has no pace:
 * at the supplier, ended, unknown). An open incident is timed from when it opened. `days` is the whole days it has
 * stood still, at least the pace plus one part of a day, so never 0.
 */
export function stalledFor(
  parcel: PacedParcel,
  table: CarrierPace,
  now: Date,
): { stage: PaceStage; days: number; usual: number } | null {
  if (ENDED.includes(parcel.stage)) return null;
  const stage = (parcel.openIncident ? "incident" : parcel.stage) as PaceStage;
  if (!(PACE_STAGES as readonly string[]).includes(stage)) return null;
  const since = parcel.openIncident ? (parcel.incidentSince ?? parcel.stageSince) : parcel.stageSince;
  if (!since) return null;
  const usual = table[carrierKey(parcel.carrier)][stage];
  const waited = now.getTime() - since.getTime();
  if (waited <= usual * DAY) return null;
  return { stage, days: Math.max(usual, Math.floor(waited / DAY)), usual };
}
