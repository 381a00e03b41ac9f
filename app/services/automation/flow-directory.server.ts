import { logger } from "../../logger.server";
import { getShopSettings } from "../shops/configuration.server";
import { listFlows } from "./client.server";

export interface FlowDirectory {
  /** Flow id to the name the merchant gave it at the automation platform. */
  names: Record<string, string>;
  /** The flow chosen for abandoned carts: it follows carts up, it confirms no order. */
  cartFlowId: string | null;
}

/**
 * The shop's flows by name, as the merchant chose them in Settings, for pages that show flows. A platform that
 * cannot be reached leaves them unnamed (the page shows its id) rather than failing the page.
 */
export async function flowDirectory(shop: string): Promise<FlowDirectory> {
  const settings = await getShopSettings(shop);
  const cartFlowId = settings?.abandonedCartFlowId ?? null;
  if (!settings?.automationApiKey) return { names: {}, cartFlowId };
  try {
    const flows = await listFlows(settings.automationApiKey);
    return { names: Object.fromEntries(flows.map((flow) => [flow.id, flow.name])), cartFlowId };
  } catch (error) {
    logger.warn({ shop, err: error instanceof Error ? error.message : String(error) }, "flow names unavailable");
    return { names: {}, cartFlowId };
  }
}
