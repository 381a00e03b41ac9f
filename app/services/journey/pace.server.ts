import { z } from "zod";
import prisma from "../../db.server";
import {
  CARRIERS,
  mergePace,
  PACE_MAX_DAYS,
  PACE_MIN_DAYS,
  PACE_STAGES,
  stalledFor,
  type CarrierPace,
  type PaceStage,
} from "../../lib/carrier-pace";

/** A shop's days per carrier and stage, as the settings card sends them (whole days, 1 to 60). */
export const carrierPaceInput = z.object(
  Object.fromEntries(
    CARRIERS.map((carrier) => [
      carrier,
      z.object(
        Object.fromEntries(
          PACE_STAGES.map((stage) => [stage, z.number().int().min(PACE_MIN_DAYS).max(PACE_MAX_DAYS)]),
        ) as Record<PaceStage, z.ZodNumber>,
      ),
    ]),
  ) as Record<(typeof CARRIERS)[number], z.ZodObject<Record<PaceStage, z.ZodNumber>>>,
);

export async function saveCarrierPace(shop: string, pace: CarrierPace) {
  const carrierPace = JSON.stringify(pace);
  await prisma.supplierJourneySettings.upsert({
    where: { shop },
    create: { shop, carrierPace },
    update: { carrierPace },
  });
}

/** The shop's table: the defaults with its own changes over them. */
export async function carrierPaceOf(shop: string): Promise<CarrierPace> {
  const row = await prisma.supplierJourneySettings.findUnique({ where: { shop }, select: { carrierPace: true } });
  try {
    return mergePace(JSON.parse(row?.carrierPace ?? "{}"));
  } catch {
    // A hand-edited row that is not JSON reads as no changes: the defaults apply.
    return mergePace({});
  }
}

export interface StalledParcel {
  orderId: string;
  orderName: string | null;
  supplierOrderId: string;
  carrier: string | null;
  guide: string | null;
  stage: PaceStage;
  /** Whole days it has stood still (at least 1) and what its carrier usually takes there. */
  days: number;
  usual: number;
  since: string;
}

// The stages a parcel can stand still in with its carrier, read through the (shop, stage) index; open incidents
// through (shop, openIncident).
const MOVING_STAGES = PACE_STAGES.filter((stage) => stage !== "incident");

/** The shop's matched parcels that have not moved for longer than their carrier usually takes, longest first. */
export async function stalledParcels(shop: string, now = new Date()): Promise<StalledParcel[]> {
  const select = {
    orderId: true,
    orderName: true,
    supplierOrderId: true,
    carrier: true,
    guide: true,
    stage: true,
    stageSince: true,
    openIncident: true,
    incidentSince: true,
  } as const;
  const [table, moving, incidents] = await Promise.all([
    carrierPaceOf(shop),
    prisma.supplierOrder.findMany({ where: { shop, stage: { in: MOVING_STAGES }, orderId: { not: null } }, select }),
    prisma.supplierOrder.findMany({ where: { shop, openIncident: { not: null }, orderId: { not: null } }, select }),
  ]);
  const seen = new Set<string>();
  const stalled: StalledParcel[] = [];
  for (const row of [...incidents, ...moving]) {
    if (seen.has(row.supplierOrderId) || !row.orderId) continue;
    seen.add(row.supplierOrderId);
    const late = stalledFor(row, table, now);
    if (!late) continue;
    const since = row.openIncident ? (row.incidentSince ?? row.stageSince) : row.stageSince;
    stalled.push({
      orderId: row.orderId,
      orderName: row.orderName,
      supplierOrderId: row.supplierOrderId,
      carrier: row.carrier,
      guide: row.guide,
      ...late,
      since: since!.toISOString(),
    });
  }
  return stalled.sort((a, b) => b.days - a.days || a.since.localeCompare(b.since));
}
