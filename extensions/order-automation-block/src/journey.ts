import type { Line, Tone } from "./story";

/**
 * The order's parcels on the order page's block (docs/decisions/303), decided apart from the UI (tests/extensions/).
 * The shape is the answer of GET /api/orders/journey (app/services/journey/order-view.server.ts).
 */
export interface JourneyEntry {
  rawStatus: string;
  stage: string;
  reportedAt: string | null;
  receivedAt: string;
}

export interface SupplierOrderJourney {
  supplierOrderId: string;
  guide: string | null;
  carrier: string | null;
  rawStatus: string | null;
  stage: string;
  stageSince: string | null;
  openIncident: string | null;
  incidentSince: string | null;
  history: JourneyEntry[];
}

export interface JourneyAnswer {
  timeZone: string;
  supplierOrders: SupplierOrderJourney[];
}

/** A time printed in the shop's zone (the block passes the admin's formatDate with it). */
export type FormatTime = (iso: string) => string;

export interface TimelineEntry {
  status: string;
  time: string;
  /** A status the app does not read as any stage: shown as it came, marked. */
  unknown: boolean;
}

export interface ParcelView {
  supplierOrderId: string;
  badge: { line: Line; tone: Tone };
  lines: Line[];
  incident: Line | null;
  unknownHelp: Line | null;
  /** Every status as the marketplace spelled it, newest first, with its time. */
  timeline: TimelineEntry[];
}

// The log's groups (app/lib/journey-log.ts), copied because the extension is built and deployed apart; kept in
// agreement by tests/extensions/order-journey.test.ts, as the other copies below.
export const GROUPS: Record<string, string> = {
  label_created: "on_the_way",
  handed_to_carrier: "on_the_way",
  in_transit: "on_the_way",
  out_for_delivery: "on_the_way",
  delivered: "delivered",
  returning: "returned",
  returned: "returned",
  rejected: "returned",
};
export const ENDED = ["delivered", "returned", "rejected", "cancelled", "lost"];
const GROUP_TONES: Record<string, Tone> = {
  on_the_way: "info",
  incident: "caution",
  delivered: "success",
  returned: "critical",
};
// The stages of app/lib/journey-stages.ts, in the same order.
export const STAGES = [
  "at_supplier",
  "label_created",
  "handed_to_carrier",
  "in_transit",
  "out_for_delivery",
  "incident",
  "delivered",
  "returning",
  "returned",
  "rejected",
  "cancelled",
  "lost",
];

const stageKey = (stage: string) => `journey.stage.${STAGES.includes(stage) ? stage : "unknown"}`;

function parcelView(order: SupplierOrderJourney, time: FormatTime): ParcelView {
  const ended = ENDED.includes(order.stage);
  const group = order.openIncident && !ended ? "incident" : GROUPS[order.stage];
  const known = STAGES.includes(order.stage);
  const lines: Line[] = [];
  if (order.guide && order.carrier)
    lines.push({ key: "journey.guideCarrier", values: { guide: order.guide, carrier: order.carrier } });
  else if (order.guide) lines.push({ key: "journey.guide", values: { guide: order.guide } });
  else if (order.carrier) lines.push({ key: "journey.carrier", values: { carrier: order.carrier } });
  else lines.push({ key: "journey.noGuide" });
  if (known && order.stageSince) {
    lines.push({
      key: ended ? "journey.endedAt" : "journey.stageSince",
      values: { stage: order.stage, time: time(order.stageSince) },
    });
  }
  const latest = order.history[order.history.length - 1];
  const unknownHelp =
    !known && (order.rawStatus ?? latest?.rawStatus)
      ? { key: "journey.unknownHelp", values: { status: (order.rawStatus ?? latest?.rawStatus) as string } }
      : null;
  return {
    supplierOrderId: order.supplierOrderId,
    badge: group
      ? { line: { key: `journey.group.${group}` }, tone: GROUP_TONES[group] }
      : { line: { key: stageKey(order.stage) }, tone: "neutral" },
    lines,
    incident:
      order.openIncident && !ended
        ? {
            key: "journey.incident",
            values: { status: order.openIncident, time: time(order.incidentSince ?? order.stageSince ?? "") },
          }
        : null,
    unknownHelp,
    timeline: [...order.history].reverse().map((entry) => ({
      status: entry.rawStatus,
      time: time(entry.reportedAt ?? entry.receivedAt),
      unknown: !STAGES.includes(entry.stage),
    })),
  };
}

/** The block's parcel section: one view per supplier order, or the line saying there is none yet. */
export function buildJourneyView(answer: JourneyAnswer, time: FormatTime): { parcels: ParcelView[]; none: boolean } {
  return {
    parcels: answer.supplierOrders.map((order) => parcelView(order, time)),
    none: !answer.supplierOrders.length,
  };
}

/** A line's words: its `stage` value is a stage id, put in the merchant's words before the line is. */
export function journeyText(line: Line, translate: (key: string, values?: Line["values"]) => string): string {
  const values = { ...line.values };
  if (typeof values.stage === "string") values.stage = translate(stageKey(values.stage));
  return translate(line.key, values);
}
