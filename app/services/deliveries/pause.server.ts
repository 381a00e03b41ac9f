import type { Prisma, PrismaClient } from "@prisma/client";
import prisma from "../../db.server";

/**
 * Paused automation (docs/decisions/112). The receivers keep recording webhooks; the worker's claim adds this
 * condition so none of a paused shop's deliveries is taken until the merchant resumes. No import of the
 * worker here: the worker imports this module.
 */
export async function pausedShops(db: PrismaClient = prisma): Promise<string[]> {
  return (await db.automationPause.findMany({ select: { shop: true } })).map((row) => row.shop);
}

/** The worker's claim condition: `{}` when no shop is paused (the common case adds nothing to the query). */
export async function notPausedCondition(db: PrismaClient = prisma): Promise<Prisma.DeliveryWhereInput> {
  const paused = await pausedShops(db);
  return paused.length ? { shop: { notIn: paused } } : {};
}

export async function automationPausedAt(shop: string): Promise<Date | null> {
  return (await prisma.automationPause.findUnique({ where: { shop } }))?.pausedAt ?? null;
}
