import { z } from "zod";
import { AppError } from "../../lib/http.server";
import { formBoolean } from "../../lib/input.server";
import { listFlows } from "../automation/client.server";
import { getShopSettings } from "../shops/configuration.server";
import { rescueOpenIncidents } from "./open-incidents.server";
import { incidentFlowSettings, saveIncidentFlowSettings } from "./settings.server";

/** The settings card's fields: the flow (empty: none), the stuck-parcel switch, the tag prefix. */
export const incidentFlowInput = z.object({
  flowId: z
    .string()
    .trim()
    .max(100, "must be at most 100 characters")
    .optional()
    .transform((value) => value || null),
  stuckTrigger: formBoolean(false),
  // The answer's tag is the prefix and at most 13 characters ("office-pickup"): the platform's 40 in all.
  tagPrefix: z
    .string()
    .trim()
    .min(1, "is required")
    .max(27, "must be at most 27 characters")
    .regex(/^[\p{L}\p{N}_-]+$/u, "may hold letters, digits, - and _ only"),
});

/**
 * Saves the shop's incident flow (docs/decisions/330): a flow of the stored key's account, never the new-order or
 * abandoned-cart flow (each event needs its own message).
 */
export async function saveIncidentFlow(shop: string, input: z.output<typeof incidentFlowInput>) {
  const settings = await getShopSettings(shop);
  if (input.flowId) {
    if (!settings?.automationApiKey) throw new AppError(400, "Save the automation API key first", "not_configured");
    const known = async (fresh: boolean) =>
      (await listFlows(settings.automationApiKey!, { fresh })).some((flow) => flow.id === input.flowId);
    if (!(await known(false)) && !(await known(true)))
      throw AppError.forField("flowId", `no flow with id ${input.flowId} in this account`);
    if (input.flowId === settings.newOrderFlowId || input.flowId === settings.abandonedCartFlowId)
      throw AppError.forField("flowId", "must differ from the new-order and abandoned-cart flows", {
        code: "same_flow",
      });
  }
  const before = await incidentFlowSettings(shop);
  const saved = await saveIncidentFlowSettings(shop, input);
  // Turned on: the incidents the parcels are still in are owed their trigger now (docs/decisions/343), by a job.
  if (!before.flowId && saved.flowId) await rescueOpenIncidents(shop, new Date());
  return saved;
}
