import { AppError } from "../../lib/http.server";
import { findSettingsByApiKey, getShopSettings, publicSettings, saveShopSettings } from "../shops/configuration.server";
import { listFlows } from "./client.server";

export interface AutomationSettingsInput {
  apiKey?: string;
  newOrderFlowId?: string | null;
  abandonedCartFlowId?: string | null;
}

/**
 * Saves the automation API key and the two flow ids. A new key is checked by listing flows with it
 * (a refused key saves nothing); flow ids must be flows of that account.
 */
export async function saveAutomationSettings(shop: string, input: AutomationSettingsInput) {
  const stored = await getShopSettings(shop);
  const apiKey = input.apiKey ?? stored?.automationApiKey;
  if (!apiKey) throw AppError.forField("apiKey", "is required");
  // The callback finds its shop by the key: one key cannot serve two shops.
  const owner = await findSettingsByApiKey(apiKey);
  if (owner && owner.shop !== shop)
    throw AppError.forField("apiKey", "this API key is already used by another shop", { status: 409 });
  const fields = ["newOrderFlowId", "abandonedCartFlowId"] as const;
  const unknownIn = (flows: { id: string }[]) =>
    fields.find((field) => input[field] && !flows.some((flow) => flow.id === input[field]));
  // The list is cached a minute: a flow the merchant just created is looked for again before it is refused.
  let unknown = unknownIn(await listFlows(apiKey));
  if (unknown) unknown = unknownIn(await listFlows(apiKey, { fresh: true }));
  if (unknown) throw AppError.forField(unknown, `no flow with id ${input[unknown]} in this account`);
  // One flow cannot answer both events: a new order and an abandoned cart need different messages.
  const newOrder = input.newOrderFlowId !== undefined ? input.newOrderFlowId : stored?.newOrderFlowId;
  const abandoned = input.abandonedCartFlowId !== undefined ? input.abandonedCartFlowId : stored?.abandonedCartFlowId;
  if (newOrder && newOrder === abandoned) {
    throw AppError.forField("abandonedCartFlowId", "must differ from the new-order flow", { code: "same_flow" });
  }
  const saved = await saveShopSettings(shop, {
    automationApiKey: apiKey,
    newOrderFlowId: input.newOrderFlowId,
    abandonedCartFlowId: input.abandonedCartFlowId,
  });
  return publicSettings(saved);
}
