import type { DeliveryDetail } from "~/lib/api-types";
import { buyerSummaryText } from "~/services/deliveries/buyer-summary.server";
import { browserDatabase, newShop, seedConfiguration, seedDeliveries } from "./database";
import type { ShopFixture } from "./seed";
import { seedAutomationAccount, seedPlatformShop, seedSupplierAccount } from "./simulator-seed";

let accounts = 0;

export interface SeededShop {
  shop: string;
  /** The database id of a fixture delivery (`d_1004`): ids are global, so each shop's rows get their own. */
  deliveryId: (fixtureId: string) => string;
  /** The shop's own automation API key (unique: the callback finds the shop by it); ends like the fixture's. */
  automationApiKey: string | null;
  supplierToken: string | null;
}

/**
 * A shop set up as the fixture `api` describes it (seed.ts: `configuredShop`, `withCatalogue`), in the app's
 * database and at the simulators: its saved settings, its automation account with the
 * fixture's flows, its supplier account with the fixture's catalogue. Secrets are made unique per shop (the
 * app looks shops up by their automation key) but keep the fixture's last four characters, so masked values
 * read the same as before. `newShop` has already made the platform accept the shop's offline token.
 * The fixture's orders become the platform shop's (same names, times and tags, in the order placed) and its
 * deliveries the app's rows for them, with the platform's orders/create body as their payload; its install time
 * is the shop's.
 */
export async function newShopFrom(label: string, api: ShopFixture): Promise<SeededShop> {
  const shop = await newShop(label);
  const unique = `${process.pid}-${++accounts}`;
  const automationApiKey = api.automationKey ? `${label}-${unique}-${api.automationKey}` : null;
  const supplierToken = api.configuration.supplierTokenValue
    ? `${label}-${unique}-${api.configuration.supplierTokenValue}`
    : null;
  const { newOrderFlowId, abandonedCartFlowId, supplierStoreName, supplierCountry } = api.configuration;
  if (automationApiKey || supplierStoreName) {
    await seedConfiguration(shop, {
      automationApiKey,
      newOrderFlowId,
      abandonedCartFlowId,
      supplierStoreName,
      supplierCountry,
      supplierToken,
    });
  }
  if (automationApiKey) await seedAutomationAccount(automationApiKey, api.flows);
  if (supplierToken) await seedSupplierAccount(supplierToken, api.supplierProducts);
  if (api.installedAt) {
    await browserDatabase().shopInstallation.update({
      where: { shop },
      data: { installedAt: new Date(api.installedAt) },
    });
  }
  const prefix = shop.split(".")[0];
  const deliveryId = (fixtureId: string) => `${prefix}_${fixtureId}`;
  if (api.orders.length || api.deliveries.length) {
    const placed = [...api.orders].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const platform = await seedPlatformShop(shop, {
      orders: placed.map((order) => ({ createdAt: order.createdAt, tags: order.tags })),
    });
    const byName = new Map(
      platform.orders.map((order, index) => [order.name, { order, payload: platform.webhookPayloads[index] }]),
    );
    await seedDeliveries(
      shop,
      api.deliveries.map((delivery) =>
        deliveryRow(delivery, deliveryId(delivery.id), byName.get(delivery.orderName ?? "")),
      ),
    );
  }
  return { shop, automationApiKey, supplierToken, deliveryId };
}

/** A fixture delivery as the worker would have left its row (attempt log, callback, tags, error code). */
function deliveryRow(
  delivery: DeliveryDetail,
  id: string,
  placed: { order: { id: string; name: string }; payload: unknown } | undefined,
) {
  return {
    id,
    topic: delivery.topic,
    eventId: delivery.eventId,
    orderId: placed?.order.id ?? delivery.orderId,
    orderName: delivery.orderName,
    flowId: delivery.flowId,
    status: delivery.status,
    attempts: delivery.attempts,
    nextAttemptAt: new Date(delivery.nextAttemptAt ?? delivery.createdAt),
    lastError: delivery.lastError,
    lastErrorCode: delivery.lastErrorCode,
    lastErrorParams: delivery.lastErrorParams ? JSON.stringify(delivery.lastErrorParams) : null,
    payload: placed ? JSON.stringify(placed.payload) : null,
    // As the receiver writes it beside the payload.
    buyer: placed ? buyerSummaryText(placed.payload) : null,
    attemptLog: JSON.stringify(delivery.attemptLog),
    deliveredAt: delivery.deliveredAt ? new Date(delivery.deliveredAt) : null,
    callbackStatus: delivery.callbackStatus,
    callbackAt: delivery.callback ? new Date(delivery.callback.receivedAt) : null,
    tagsApplied: JSON.stringify(delivery.tagsApplied),
    test: delivery.test,
    createdAt: new Date(delivery.createdAt),
    updatedAt: new Date(delivery.updatedAt),
  };
}
