import prisma from "../../db.server";

/**
 * Paused automation (docs/decisions/112). The receivers keep recording webhooks; the worker's claim passes over
 * a paused shop's deliveries (a NOT EXISTS on this table in queue.server.ts) until the merchant resumes. No
 * import of the worker here: the worker imports this module.
 */
export async function automationPausedAt(shop: string): Promise<Date | null> {
  return (await prisma.automationPause.findUnique({ where: { shop } }))?.pausedAt ?? null;
}
