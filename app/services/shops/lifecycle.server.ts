import { stockSyncDeletes } from "../stock/records.server";
import prisma from "../../db.server";
import { jobQueue } from "../jobs/queue.server";

/**
 * Everything the app holds for a shop, deleted together. A new table that stores per-shop data
 * belongs in this list, so uninstall and shop/redact keep removing everything.
 */
function shopOwnedDeletes(shop: string) {
  return [
    prisma.session.deleteMany({ where: { shop } }),
    prisma.shopConfiguration.deleteMany({ where: { shop } }),
    prisma.productAssociation.deleteMany({ where: { shop } }),
    prisma.aiConfiguration.deleteMany({ where: { shop } }),
    prisma.privacyRequest.deleteMany({ where: { shop } }),
    prisma.temporaryThemeFile.deleteMany({ where: { shop } }),
    prisma.themeInstall.deleteMany({ where: { shop } }),
    prisma.orderTagTask.deleteMany({ where: { shop } }),
    prisma.platformTokenLease.deleteMany({ where: { shop } }),
    prisma.delivery.deleteMany({ where: { shop } }),
    prisma.automationPause.deleteMany({ where: { shop } }),
    prisma.loopTest.deleteMany({ where: { shop } }),
    ...stockSyncDeletes(shop),
    prisma.shopInstallation.deleteMany({ where: { shop } }),
    prisma.orderTagPolicy.deleteMany({ where: { shop } }),
    prisma.orderRules.deleteMany({ where: { shop } }),
    prisma.orderFlag.deleteMany({ where: { shop } }),
    prisma.orderSweep.deleteMany({ where: { shop } }),
    prisma.orderFingerprint.deleteMany({ where: { shop } }),
    prisma.answerRuleSet.deleteMany({ where: { shop } }),
    prisma.orderAnswer.deleteMany({ where: { shop } }),
    prisma.holdSettings.deleteMany({ where: { shop } }),
    prisma.fulfilmentTask.deleteMany({ where: { shop } }),
    prisma.shopTimeZone.deleteMany({ where: { shop } }),
    prisma.shopLanguage.deleteMany({ where: { shop } }),
    prisma.supplierJourneySettings.deleteMany({ where: { shop } }),
    prisma.supplierStatusEvent.deleteMany({ where: { shop } }),
    prisma.supplierOrder.deleteMany({ where: { shop } }),
    prisma.journeyStep.deleteMany({ where: { shop } }),
    prisma.orderRisk.deleteMany({ where: { shop } }),
    prisma.flowTriggerEvent.deleteMany({ where: { shop } }),
    prisma.flowActionRun.deleteMany({ where: { shop } }),
    prisma.incidentFlowSettings.deleteMany({ where: { shop } }),
    prisma.incidentAnswer.deleteMany({ where: { shop } }),
    prisma.riskRules.deleteMany({ where: { shop } }),
    prisma.orderRiskAssessmentRefusal.deleteMany({ where: { shop } }),
    prisma.blockedPhone.deleteMany({ where: { shop } }),
    prisma.blockedPhoneRule.deleteMany({ where: { shop } }),
    // After the deliveries: deleting them appends their last count changes.
    prisma.insightCountChange.deleteMany({ where: { shop } }),
    prisma.insightCount.deleteMany({ where: { shop } }),
    // After the deliveries, answers and supplier orders, whose writes mark their orders for the outcomes.
    prisma.outcomeDirty.deleteMany({ where: { shop } }),
    prisma.orderOutcome.deleteMany({ where: { shop } }),
    prisma.outcomeCount.deleteMany({ where: { shop } }),
    prisma.carrierReturnFreight.deleteMany({ where: { shop } }),
    prisma.job.deleteMany({ where: { shop } }),
  ];
}

/**
 * Removes every record of the shop in one transaction; repeating it is harmless. Its jobs go too: on SQLite in the
 * transaction (the Job table), on PostgreSQL from graphile-worker's schema just after.
 */
export async function deleteShopData(shop: string) {
  const results = await prisma.$transaction(shopOwnedDeletes(shop));
  const jobs = await jobQueue().removeShopJobs(shop);
  return results.reduce((total, result) => total + result.count, 0) + jobs;
}

/** app/scopes_update: the granted scopes travel in `current`. */
export async function updateShopScopes(shop: string, current: string[]) {
  const { count } = await prisma.session.updateMany({ where: { shop }, data: { scope: current.join(",") } });
  return count;
}
