import type { Delivery } from "@prisma/client";
import { env } from "../../env.server";
import type { Logger } from "../../logger.server";
import type { GraphqlOptions } from "../platform/graphql.server";
import { cachedOrderRules, getOrderRules } from "../screening/rules.server";
import type { ScreenActions } from "../screening/screen-order.server";
import { waitsForSendingHours } from "../screening/sending-hours.server";
import type { ShopSettings } from "../shops/configuration.server";
import { incidentFlowSettings } from "./settings.server";

export type IncidentSend = { send: false } | { send: true; flowId: string; apiKey: string; payload: object };

/**
 * A claimed incident trigger, just before it is sent (docs/decisions/330): to the shop's incident flow, after the
 * shop's sending hours (the buyer is written to on WhatsApp, as for an order), with the callback's URL and key
 * added. Not sent, with its reason, when no key or no incident flow is chosen, or its payload was erased. The
 * worker (deliveries/) calls this and hands in what it may do to its delivery.
 */
export async function prepareIncidentSend(
  delivery: Delivery,
  context: {
    settings: ShopSettings | null;
    now: Date;
    graphql: GraphqlOptions;
    log: () => Logger;
    actions: ScreenActions;
  },
): Promise<IncidentSend> {
  const apiKey = context.settings?.automationApiKey;
  const { flowId } = await incidentFlowSettings(delivery.shop);
  const reason = !flowId ? "no_incident_flow" : !apiKey ? "no_api_key" : !delivery.payload ? "payload_erased" : null;
  if (reason || !flowId || !apiKey) {
    await context.actions.skip({ code: reason ?? "no_incident_flow" });
    context.log().info({ reason }, "incident trigger skipped");
    return { send: false };
  }
  const rules = await cachedOrderRules(delivery.shop);
  const currentHours = async () => (await getOrderRules(delivery.shop)).sendingHours;
  const waits = await waitsForSendingHours(delivery, rules.sendingHours, {
    now: context.now,
    graphql: context.graphql,
    currentHours,
    defer: context.actions.defer,
  });
  if (waits) {
    context.log().info("incident trigger waits for the shop's sending hours");
    return { send: false };
  }
  const payload = {
    ...(JSON.parse(delivery.payload!) as object),
    callbackUrl: `${env().PLATFORM_APP_URL}/api/automation/callback`,
    callbackApiKey: apiKey,
  };
  return { send: true, flowId, apiKey, payload };
}
