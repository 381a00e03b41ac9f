import { JOURNEY_STAGES, type KnownStage } from "../../lib/journey-stages";

/**
 * The one vocabulary of a parcel's journey (docs/decisions/320): the supplier marketplace's and its carriers' raw
 * statuses, in whatever spelling they come, read as a few stages. Pure: no I/O, the same answer everywhere.
 */

export type { KnownStage };
export const STAGES = JOURNEY_STAGES;
/** A status neither the shop's map nor the table knows: kept and shown as it came, never dropped. */
export type Stage = KnownStage | "unknown";

export function isKnownStage(value: unknown): value is KnownStage {
  return typeof value === "string" && (STAGES as readonly string[]).includes(value);
}

/**
 * How far along the main path a stage is: the journey's stage only ever moves to a higher rank, so a late
 * "EN TRANSITO" after "ENTREGADO" stays in the history without stepping back. The endings share the top rank (the
 * first one reached stays). An incident has no rank: it is open or closed beside the stage.
 */
export const STAGE_RANK: Record<Stage, number> = {
  unknown: 0,
  at_supplier: 10,
  label_created: 20,
  handed_to_carrier: 30,
  in_transit: 40,
  out_for_delivery: 50,
  returning: 60,
  delivered: 70,
  returned: 80,
  rejected: 80,
  cancelled: 80,
  lost: 80,
  incident: -1,
};

/** Stages after which the parcel goes nowhere else. */
export const FINAL_STAGES: ReadonlySet<Stage> = new Set(["delivered", "returned", "rejected", "cancelled", "lost"]);

// Participles that come in both genders (ENTREGADO/ENTREGADA, DEVUELTO/DEVUELTA, ADMITIDO/ADMITIDA) are read as
// one word; no status word ends in -ADA, -IDA or -UELTA for another reason.
const FEMININE_PARTICIPLE = /(AD|ID|UELT)A$/;

/**
 * A raw status's spelling-free key: case, accents, underscores or hyphens for spaces, padding, repeated spaces and
 * the participle's gender do not matter. "En tránsito ", "EN_TRANSITO" and "EN TRANSITO" have one key.
 */
export function statusKey(raw: string): string {
  return raw
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toUpperCase()
    .replace(/[_\-.]+/g, " ")
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(FEMININE_PARTICIPLE, "$1O"))
    .join(" ");
}

/** The marketplace's lifecycle as its integrators document it, one spelling each (statusKey reads the others). */
const TABLE: [string, KnownStage][] = [
  ["PENDIENTE CONFIRMACION", "at_supplier"],
  ["PENDIENTE", "at_supplier"],
  ["GUIA GENERADA", "label_created"],
  // Packed with its label, waiting for the carrier to collect it.
  ["PREPARADO PARA TRANSPORTADORA", "label_created"],
  ["ADMITIDA", "handed_to_carrier"],
  ["EN BODEGA TRANSPORTADORA", "handed_to_carrier"],
  ["DESPACHADA", "in_transit"],
  ["EN TRANSPORTE", "in_transit"],
  ["EN TRANSITO", "in_transit"],
  ["EN TERMINAL DESTINO", "in_transit"],
  ["EN REEXPEDICION", "in_transit"],
  // Sent again after an incident: on its way, and the incident is over.
  ["REENVIO", "in_transit"],
  ["NOVEDAD SOLUCIONADA", "in_transit"],
  ["EN REPARTO", "out_for_delivery"],
  ["ENTREGADO", "delivered"],
  ["NOVEDAD", "incident"],
  ["INTENTO DE ENTREGA", "incident"],
  ["TELEMERCADEO", "incident"],
  ["RECLAME EN OFICINA", "incident"],
  ["DEVOLUCION", "returning"],
  ["EN DEVOLUCION", "returning"],
  ["DEVUELTO", "returned"],
  ["RECHAZADO", "rejected"],
  ["GUIA ANULADA", "cancelled"],
  ["CANCELADO", "cancelled"],
  ["INDEMNIZADA", "lost"],
];
const BUILT_IN: ReadonlyMap<string, KnownStage> = new Map(TABLE.map(([raw, stage]) => [statusKey(raw), stage]));

/** Statuses that end an open incident even where the stage does not move (the carrier solved it). */
const INCIDENT_CLOSERS: ReadonlySet<string> = new Set(["NOVEDAD SOLUCIONADA", "REENVIO"].map(statusKey));

/** A shop's own statuses (its settings), by key: read before the table, so a shop can also re-read a known one. */
export type ShopStatusMap = ReadonlyMap<string, KnownStage>;

/** The shop's stored map (`{ raw status: stage }`) by key; entries naming no known stage are left out. */
export function shopStatusMap(stored: Record<string, unknown>): ShopStatusMap {
  const map = new Map<string, KnownStage>();
  for (const [raw, stage] of Object.entries(stored)) {
    const key = statusKey(raw);
    if (key && isKnownStage(stage)) map.set(key, stage);
  }
  return map;
}

export interface ReadStatus {
  key: string;
  stage: Stage;
  closesIncident: boolean;
}

/** What a raw status means: the shop's map first, then the table, else `unknown`. */
export function readStatus(raw: string, shopMap: ShopStatusMap = new Map()): ReadStatus {
  const key = statusKey(raw);
  const stage = shopMap.get(key) ?? BUILT_IN.get(key) ?? "unknown";
  return { key, stage, closesIncident: INCIDENT_CLOSERS.has(key) };
}

/** The stage of a raw status (readStatus's stage). */
export function normaliseStatus(raw: string, shopMap?: ShopStatusMap): Stage {
  return readStatus(raw, shopMap).stage;
}
