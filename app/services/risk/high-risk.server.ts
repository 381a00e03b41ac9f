import type { ScoredOrderRisk } from "./store.server";

/**
 * The one place an order scored high-risk is announced, after its score is saved and before the shop's risk rule
 * acts on it (the rule is the screening's: app/services/screening/screen-order.server.ts). The platform's Flow
 * trigger for high-risk orders is to be called from here; until it is, this does nothing.
 */
export async function onHighRiskOrder(risk: ScoredOrderRisk): Promise<void> {
  void risk;
}
