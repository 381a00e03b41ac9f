import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Prisma } from "@prisma/client";
import { Session } from "@shopify/shopify-api";
import prisma from "~/db.server";
import { buyerSummaryText } from "~/services/deliveries/buyer-summary.server";
import { foldInsightCountChanges } from "~/services/deliveries/insight-counts.server";
import { saveReturnFreight } from "~/services/outcomes/freight.server";
import { projectOutcomes } from "~/services/outcomes/project.server";
import { buyerSearchKey } from "~/services/deliveries/search-key.server";
import { saveShopSettings, type SettingsPatch } from "~/services/shops/configuration.server";
import { storeTemporaryThemeFile } from "~/services/theme/temporary-files.server";
import { TEST_ENV } from "./test-env";

let counter = 0;
const next = () => ++counter;

export function shopDomain(name = `shop-${next()}`) {
  return `${name}.myshopify.com`;
}

/**
 * An installed shop: its offline session, as the platform library stores it after token exchange (an expiring
 * token valid for an hour and its refresh token; `expiring: false` gives a token from before expiring tokens).
 */
export async function createSession(
  shop: string,
  overrides: Partial<{
    scope: string;
    accessToken: string;
    refreshToken: string;
    expires: Date;
    expiring: boolean;
  }> = {},
) {
  const expiring = overrides.expiring ?? true;
  const session = new Session({
    id: `offline_${shop}`,
    shop,
    state: "",
    isOnline: false,
    scope: overrides.scope ?? TEST_ENV.SCOPES,
    accessToken: overrides.accessToken ?? `shpat_test_${shop}`,
    ...(expiring
      ? {
          expires: overrides.expires ?? new Date(Date.now() + 3_600_000),
          refreshToken: overrides.refreshToken ?? `shprt_test_${shop}`,
          refreshTokenExpires: new Date(Date.now() + 90 * 86_400_000),
        }
      : {}),
  });
  // Imported here, not at the top: a test may configure the platform library (env) before it first loads.
  const { sessionStorage } = await import("~/shopify.server");
  await sessionStorage.storeSession(session);
  return session;
}

export async function createConfiguration(shop: string, input: SettingsPatch = {}) {
  return saveShopSettings(shop, input);
}

/** An installed shop with the automation key `key-<shop>` and both flows (f_101 new orders, f_202 carts). */
export async function createAutomatedShop(
  config: { newOrderFlowId?: string | null; abandonedCartFlowId?: string | null } = {},
) {
  const shop = shopDomain();
  await createSession(shop);
  await createConfiguration(shop, {
    automationApiKey: `key-${shop}`,
    newOrderFlowId: "f_101",
    abandonedCartFlowId: "f_202",
    ...config,
  });
  return shop;
}

export async function createAssociation(shop: string, overrides: Partial<{ supplierProductId: string }> = {}) {
  const n = next();
  return prisma.productAssociation.create({
    data: {
      shop,
      supplierProductId: overrides.supplierProductId ?? String(2061980 + n),
      platformProductId: `gid://shopify/Product/${900 + n}`,
      supplierProductName: `Producto ${n}`,
      platformProductTitle: `Product ${n}`,
    },
  });
}

/** A temporary theme archive as the install flow stores it; `createdAt` moves its expiry. */
export async function createTemporaryThemeFile(shop: string, options: { createdAt?: Date; zip?: Buffer } = {}) {
  return storeTemporaryThemeFile(
    shop,
    // The smallest valid ZIP: an end-of-central-directory record alone.
    options.zip ?? Buffer.from("PK\x05\x06" + "\0".repeat(18), "latin1"),
    options.createdAt,
  );
}

export async function createThemeInstall(shop: string, overrides: Partial<{ themeId: number; createdAt: Date }> = {}) {
  const n = next();
  return prisma.themeInstall.create({
    data: {
      shop,
      themeId: BigInt(overrides.themeId ?? 828155753 + n),
      name: `Automation Theme ${n}`,
      role: "unpublished",
      source: "public",
      createdAt: overrides.createdAt,
    },
  });
}

/** A shop with everything the app can hold for it, to test that deletions are complete. */
export async function createFullShop(shop = shopDomain()) {
  await createSession(shop);
  await createConfiguration(shop, {
    automationApiKey: `key-${shop}`,
    newOrderFlowId: "f_101",
    abandonedCartFlowId: "f_202",
    supplierStoreName: "Tienda",
    supplierCountry: "CO",
    supplierToken: `supplier-${shop}`,
  });
  await createAssociation(shop);
  await prisma.aiConfiguration.create({ data: { shop, enabled: true } });
  await prisma.privacyRequest.create({ data: { shop, topic: "customers/data_request", summary: "{}" } });
  await createTemporaryThemeFile(shop);
  await createThemeInstall(shop);
  const dead = await createDelivery(shop, { status: "dead", orderId: "gid://shopify/Order/1" });
  await prisma.orderTagTask.create({ data: { deliveryId: dead.id, shop, orderId: "gid://shopify/Order/1" } });
  await prisma.platformTokenLease.create({ data: { shop, holder: "refresh-in-flight", expiresAt: new Date() } });
  await prisma.automationPause.create({ data: { shop } });
  await prisma.loopTest.create({ data: { shop, orderId: "gid://shopify/Order/2", orderName: "#1002" } });
  await prisma.shopInstallation.create({ data: { shop, installedAt: new Date() } });
  await prisma.orderTagPolicy.create({ data: { shop, replaceOutcomeTag: true } });
  await createStockSyncRecords(shop);
  await prisma.orderRules.create({ data: { shop, noPhoneAction: "hold" } });
  await prisma.orderFlag.create({ data: { shop, deliveryId: dead.id, kind: "no_phone", reason: "missing" } });
  await prisma.orderSweep.create({ data: { shop, watermark: new Date() } });
  await prisma.orderFingerprint.create({
    data: { deliveryId: dead.id, shop, fingerprint: "f", createdAt: new Date() },
  });
  await prisma.answerRuleSet.create({ data: { shop, rules: '[{"answer":"confirmed","tag":"confirmado"}]' } });
  await prisma.orderAnswer.create({
    data: { shop, orderId: "gid://shopify/Order/1", answer: "confirmed", answeredAt: new Date() },
  });
  await prisma.holdSettings.create({ data: { shop, enabled: true } });
  await prisma.fulfilmentTask.create({
    data: { shop, kind: "hold", subject: "gid://shopify/FulfillmentOrder/1", reason: "routed" },
  });
  await prisma.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: new Date() } });
  await prisma.shopLanguage.create({ data: { shop, locale: "es", seenAt: new Date() } });
  await createSupplierJourneyRecords(shop);
  await prisma.job.create({ data: { shop, kind: "owed-tag", key: `owed-tag:${shop}:1` } });
  // The dead delivery above appended its count change, folded here as the periodic job does; the next one's stays.
  await foldInsightCountChanges();
  // The outcomes of the orders so far, projected as the periodic job does; the next delivery's mark stays.
  await projectOutcomes();
  await saveReturnFreight(shop, { carrier: "Servientrega", amount: "18000" });
  await createDelivery(shop, { status: "delivered", deliveredAt: new Date() });
  return shop;
}

/** A parcel's journey: the receiver's settings, a supplier order, one status event with a phone, a step owed. */
async function createSupplierJourneyRecords(shop: string) {
  await prisma.supplierJourneySettings.create({ data: { shop, receiverTokenHash: `hash-${shop}`, statusMap: "{}" } });
  await prisma.supplierOrder.create({
    data: { shop, supplierOrderId: "4821937", orderId: "gid://shopify/Order/1", stage: "in_transit" },
  });
  await prisma.supplierStatusEvent.create({
    data: {
      shop,
      supplierOrderId: "4821937",
      rawStatus: "EN TRANSITO",
      dedupeKey: "EN TRANSITO|",
      stage: "in_transit",
      receivedAt: new Date(),
      source: "push",
      buyerPhone: "+573108045704",
    },
  });
  await prisma.journeyStep.create({
    data: {
      shop,
      supplierOrderId: "4821937",
      orderId: "gid://shopify/Order/1",
      step: "fulfil",
      position: 20,
      stage: "in_transit",
    },
  });
  await prisma.flowTriggerEvent.create({
    data: {
      shop,
      handle: "parcel-shipped",
      eventKey: "journey:4821937:shipped",
      orderId: "gid://shopify/Order/1",
      payload: JSON.stringify({ order_id: 1, Stage: "in_transit" }),
    },
  });
  await prisma.flowActionRun.create({
    data: { shop, actionRunId: "run-1", orderId: "1", claimedAt: new Date(), status: "done" },
  });
  await createRiskRecords(shop);
}

/** The order risk's rows of a shop: a score, a refused assessment, a blocked phone and its rule. */
async function createRiskRecords(shop: string) {
  const at = new Date();
  const orderId = "gid://shopify/Order/1";
  await prisma.orderRisk.create({ data: { shop, orderId, score: 70, level: "high", scoredAt: at } });
  await prisma.orderRiskAssessmentRefusal.create({
    data: { shop, orderId, code: "ACCESS_DENIED", message: "no scope", refusedAt: at },
  });
  await prisma.blockedPhone.create({ data: { shop, phone: "+573108045704", reason: "returns", createdAt: at } });
  await prisma.blockedPhoneRule.create({ data: { shop, action: "skip" } });
  await prisma.riskRules.create({ data: { shop, enabled: true, action: "hold" } });
  await prisma.incidentFlowSettings.create({ data: { shop, flowId: "f_404" } });
  await prisma.incidentAnswer.create({
    data: { shop, deliveryId: `incident-${shop}`, orderId, answer: "new_date", newDate: "2026-12-02", answeredAt: at },
  });
}

/** The stock sync's rows of a shop: settings, a lease, a run, a product's outcome and a change. */
async function createStockSyncRecords(shop: string) {
  await prisma.stockSyncSettings.create({ data: { shop, enabled: true, locationId: "gid://shopify/Location/1" } });
  await prisma.stockSyncLease.create({ data: { shop, holder: "sync-in-flight", expiresAt: new Date() } });
  const run = await prisma.stockSyncRun.create({ data: { shop, trigger: "schedule" } });
  const associationId = `association-${shop}`;
  await prisma.stockSyncProduct.create({ data: { associationId, shop, lastAttemptAt: new Date(), status: "ok" } });
  await prisma.stockSyncChange.create({
    data: {
      shop,
      associationId,
      runId: run.id,
      platformVariantId: "gid://shopify/ProductVariant/1",
      variantTitle: "S",
      field: "stock",
      after: "0",
    },
  });
}

/**
 * Every model of prisma/schema.prisma with a `shop` field, read from the schema itself: a table added there is
 * counted here without anyone remembering to list it (and the uninstall tests then fail until it is deleted too).
 */
const SHOP_MODEL_TABLES = new Map(
  [...readFileSync(path.resolve("prisma/schema.prisma"), "utf8").matchAll(/^model (\w+) \{([^}]*)\}/gm)]
    .filter(([, , body]) => /^\s+shop\s+String\b/m.test(body))
    // A model's table is its name unless the model maps it to another.
    .map(([, name, body]) => [name, /@@map\("(\w+)"\)/.exec(body)?.[1] ?? name]),
);
export const SHOP_MODELS = [...SHOP_MODEL_TABLES.keys()];

/** How many records of each model with a shop field the app holds for a shop. */
export async function countShopRecords(shop: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const model of SHOP_MODELS) {
    // Model names come from the schema file, never from input.
    const [row] = await prisma.$queryRaw<{ n: number | bigint }[]>`
      SELECT COUNT(*) AS n FROM ${Prisma.raw(`"${SHOP_MODEL_TABLES.get(model)}"`)} WHERE "shop" = ${shop}`;
    counts[model] = Number(row.n);
  }
  return counts;
}

/** A stored order webhook waiting for the worker, as the receiver writes it. */
export async function createDelivery(
  shop: string,
  overrides: Partial<Prisma.DeliveryUncheckedCreateInput> & { order?: Record<string, unknown> } = {},
) {
  const n = next();
  const { order, ...fields } = overrides;
  const body = order ?? restOrder({ id: 5_000_000 + n, name: `#${1000 + n}` });
  return prisma.delivery.create({
    data: {
      shop,
      topic: "orders/create",
      eventId: `event:${randomUUID()}`,
      resourceId: String(body.id),
      orderId: `gid://shopify/Order/${String(body.id)}`,
      orderName: String(body.name),
      customerId: "7001",
      payload: JSON.stringify(body),
      buyer: fields.payload === null ? null : buyerSummaryText(body),
      // As the receiver writes it (insertDelivery), from the body's buyer.
      searchKey: fields.payload === null ? null : buyerSearchKey(body),
      ...fields,
    },
  });
}

/** An orders/create body as the platform really sends it (REST, snake_case). */
export function restOrder(overrides: Record<string, unknown> = {}) {
  const id = (overrides.id as number | undefined) ?? 5_500_000 + next();
  return {
    id,
    admin_graphql_api_id: `gid://shopify/Order/${id}`,
    name: "#1001",
    order_number: 1001,
    created_at: "2026-11-20T14:05:00-05:00",
    total_price: "129900.00",
    currency: "COP",
    financial_status: "pending",
    fulfillment_status: null,
    email: "ana@example.test",
    phone: null,
    checkout_token: "chk-token-1",
    cart_token: "cart-token-1",
    line_items: [
      {
        id: 881,
        admin_graphql_api_id: "gid://shopify/LineItem/881",
        name: "Lampara LED - Blanca",
        title: "Lampara LED",
        quantity: 2,
        price: "64950.00",
        sku: "LAMP-01",
        variant_id: 441,
        product_id: 331,
      },
    ],
    customer: {
      id: 7001,
      admin_graphql_api_id: "gid://shopify/Customer/7001",
      email: "ana@example.test",
      first_name: "Ana",
      last_name: "Gomez",
      phone: "+573001112233",
    },
    shipping_address: {
      first_name: "Ana",
      last_name: "Gomez",
      address1: "Calle 10 # 20-30",
      city: "Medellin",
      province: "Antioquia",
      country: "Colombia",
      zip: "050021",
      phone: "+573001112233",
    },
    ...overrides,
  };
}
