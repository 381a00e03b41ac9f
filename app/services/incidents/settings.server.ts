import prisma from "../../db.server";

/** The shop's delivery-incident flow (docs/decisions/330); none stored reads as off. */
export interface IncidentFlowSettings {
  flowId: string | null;
  stuckTrigger: boolean;
  tagPrefix: string;
}

export const DEFAULT_TAG_PREFIX = "automation-novedad-";

export async function incidentFlowSettings(shop: string): Promise<IncidentFlowSettings> {
  const row = await prisma.incidentFlowSettings.findUnique({ where: { shop } });
  return {
    flowId: row?.flowId ?? null,
    stuckTrigger: row?.stuckTrigger ?? false,
    tagPrefix: row?.tagPrefix ?? DEFAULT_TAG_PREFIX,
  };
}

/** Saves the fields given (undefined: unchanged; a null flow: none chosen). */
export async function saveIncidentFlowSettings(shop: string, input: Partial<IncidentFlowSettings>) {
  const data = {
    ...(input.flowId !== undefined ? { flowId: input.flowId } : {}),
    ...(input.stuckTrigger !== undefined ? { stuckTrigger: input.stuckTrigger } : {}),
    ...(input.tagPrefix !== undefined ? { tagPrefix: input.tagPrefix } : {}),
  };
  await prisma.incidentFlowSettings.upsert({ where: { shop }, create: { shop, ...data }, update: data });
  return incidentFlowSettings(shop);
}

/** The shops whose stuck parcels run the flow: the switch on and a flow chosen. */
export async function shopsWithStuckTrigger(): Promise<string[]> {
  const rows = await prisma.incidentFlowSettings.findMany({
    where: { stuckTrigger: true, flowId: { not: null } },
    select: { shop: true },
  });
  return rows.map((row) => row.shop);
}
