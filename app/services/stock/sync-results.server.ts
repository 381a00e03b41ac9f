import prisma from "../../db.server";
import type { Logger } from "../../logger.server";
import type { AssociationRecord } from "../catalogue/associations.server";
import type { Problem, ProductOutcome } from "./sync-plan";

/** What a sync did, as its caller and the linked products page see it (also kept in StockSyncRun). */
export interface SyncSummary {
  status: "ok" | "partial" | "failed" | "busy" | "not_configured";
  runId: string | null;
  products: number;
  changes: number;
  supplierCalls: number;
  platformCalls: number;
  platformCost: number;
  errorCode: string | null;
  message: string | null;
}

/** The run being recorded: its shop, clock, log, and the calls it made so far. */
export interface RunContext {
  shop: string;
  runId: string;
  now: () => Date;
  log: Logger;
  counts: () => { supplierCalls: number; platformCalls: number; platformCost: number };
}

function summary(run: RunContext, status: SyncSummary["status"], changes: number, problem: Problem | null) {
  return {
    status,
    runId: run.runId,
    products: 0,
    changes,
    ...run.counts(),
    errorCode: problem?.code ?? null,
    message: problem?.message ?? null,
  } satisfies SyncSummary;
}

/** Nothing was changed: every product in the run says why, its last success and stock flag stay as they were. */
export async function recordFailedRun(
  run: RunContext,
  associations: AssociationRecord[],
  problem: Problem,
): Promise<SyncSummary> {
  const at = run.now();
  // One transaction for all the products' rows: one commit instead of one per product.
  await prisma.$transaction(
    associations.map((association) =>
      prisma.stockSyncProduct.upsert({
        where: { associationId: association.id },
        create: {
          associationId: association.id,
          shop: run.shop,
          lastAttemptAt: at,
          status: "failed",
          errorCode: problem.code,
          errorMessage: problem.message,
        },
        update: { lastAttemptAt: at, status: "failed", errorCode: problem.code, errorMessage: problem.message },
      }),
    ),
  );
  await closeRun(run, "failed", 0, problem);
  run.log.warn({ code: problem.code, products: associations.length }, "stock sync failed; store left as it is");
  return { ...summary(run, "failed", 0, problem), products: associations.length };
}

/** Every product's outcome and the changes applied, then the run's status from them. */
export async function recordFinishedRun(
  run: RunContext,
  results: ProductOutcome[],
  stopped: Problem | null,
): Promise<SyncSummary> {
  const at = run.now();
  const changes = results.flatMap((result) =>
    result.applied.map((change) => ({
      shop: run.shop,
      associationId: result.association.id,
      runId: run.runId,
      platformVariantId: change.variant.id,
      variantTitle: change.variant.title,
      field: change.field,
      before: change.before,
      after: change.after,
      at,
    })),
  );
  const rows = results.map((result) => {
    const problem = result.failure ?? result.problems[0] ?? null;
    const status = result.failure ? "failed" : result.problems.length ? "partial" : "ok";
    const message = result.failure
      ? result.failure.message
      : result.problems.length
        ? result.problems.map((p) => p.message).join("; ")
        : null;
    const common = {
      lastAttemptAt: at,
      status,
      errorCode: problem?.code ?? null,
      errorMessage: message,
      unmappedVariants: JSON.stringify(result.unmapped),
    };
    const synced = status !== "failed";
    return prisma.stockSyncProduct.upsert({
      where: { associationId: result.association.id },
      create: {
        associationId: result.association.id,
        shop: run.shop,
        ...common,
        lastSuccessAt: synced ? at : null,
        supplierOutOfStock: result.outOfStock,
      },
      update: { ...common, ...(synced ? { lastSuccessAt: at, supplierOutOfStock: result.outOfStock } : {}) },
    });
  });
  // The changes and every product's outcome in one transaction: one commit, and never one without the other.
  await prisma.$transaction([
    ...(changes.length ? [prisma.stockSyncChange.createMany({ data: changes })] : []),
    ...rows,
  ]);
  const failed = results.filter((result) => result.failure || result.problems.length).length;
  const status: SyncSummary["status"] = stopped
    ? changes.length
      ? "partial"
      : "failed"
    : failed === 0
      ? "ok"
      : failed === results.length
        ? "failed"
        : "partial";
  const problem =
    stopped ?? results.find((r) => r.failure)?.failure ?? results.find((r) => r.problems.length)?.problems[0] ?? null;
  await closeRun(run, status, changes.length, problem);
  const counts = run.counts();
  run.log.info(
    {
      status,
      products: results.length,
      changes: changes.length,
      cost: counts.platformCost,
      supplierCalls: counts.supplierCalls,
    },
    "stock sync finished",
  );
  return { ...summary(run, status, changes.length, problem), products: results.length };
}

async function closeRun(run: RunContext, status: string, changes: number, problem: Problem | null) {
  const { supplierCalls, platformCost } = run.counts();
  await prisma.stockSyncRun.update({
    where: { id: run.runId },
    data: {
      finishedAt: run.now(),
      status,
      changes,
      errorCode: problem?.code ?? null,
      errorMessage: problem?.message ?? null,
      supplierCalls,
      platformCost,
    },
  });
}
