import { expect } from "vitest";
import prisma from "~/db.server";
import { action } from "~/routes/webhooks.supplier.status.$token";
import { journeyApplyHandler } from "~/services/journey/apply.server";
import { journeyStepHandler } from "~/services/journey/follow.server";
import {
  FOLLOW_SCOPES,
  RECEIVER_PATH,
  rotateReceiverToken,
  saveFollowInStore,
} from "~/services/journey/settings.server";
import { createDelivery, createSession, restOrder, shopDomain } from "../../helpers/factories";
import { TEST_ENV } from "../../helpers/test-env";
import { runDueJobs } from "../jobs/run-due";

/** A shop whose supplier order 4821937 pushes its statuses, matched to the store order #1001, and how to run it. */
export const noSleep = { sleep: async () => {} };
export const SUPPLIER_ORDER = "4821937";
export const GUIDE = "240012345678";
const T0 = Date.parse("2026-11-24T10:00:00Z");
export const at = (hours: number) => new Date(T0 + hours * 3_600_000);
/** The scopes the app holds once the merchant granted following the parcel in the store. */
export const FOLLOWING_SCOPES = [TEST_ENV.SCOPES, ...FOLLOW_SCOPES].join(",");
const naive = (hours: number) => at(hours).toISOString().replace("T", " ").slice(0, 19);

export async function followedShop() {
  const shop = shopDomain();
  await createSession(shop, { scope: FOLLOWING_SCOPES });
  await saveFollowInStore(shop, true);
  await createDelivery(shop, { order: restOrder({ id: 5550001, name: "#1001" }) });
  return { shop, token: await rotateReceiverToken(shop) };
}

/** The fulfilment scopes granted to the shop, as the admin's grant screen does. */
export const grantFollowScopes = (shop: string) => createSession(shop, { scope: FOLLOWING_SCOPES });

export async function push(token: string, status: string, hours: number) {
  const body = {
    id: SUPPLIER_ORDER,
    status,
    shop_order_id: "5550001",
    shipping_guide: GUIDE,
    shipping_company: "COORDINADORA",
    updated_at: naive(hours),
  };
  const request = new Request(`${TEST_ENV.PLATFORM_APP_URL}${RECEIVER_PATH}${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await action({ request, params: { token }, context: {} });
  expect(response.status).toBe(200);
}

export const applyDue = (now = new Date()) => runDueJobs("journey-apply", now, { handler: journeyApplyHandler() });
export const stepsDue = (now = new Date()) => runDueJobs("journey-step", now, { handler: journeyStepHandler(noSleep) });
export const steps = (shop: string) => prisma.journeyStep.findMany({ where: { shop }, orderBy: { position: "asc" } });

/** Each status pushed three times, applied and followed as the runner would after each push. */
export async function pushAll(token: string, statuses: [string, number][]) {
  for (const [status, hours] of statuses) {
    for (let i = 0; i < 3; i++) await push(token, status, hours);
    await applyDue();
    await stepsDue();
  }
}
