/**
 * A shop's rule for orders with a high return-risk score (docs/decisions/335): plain data, read by the worker, the
 * settings form and its input schema alike.
 */

/** tag: only the tag; hold: the app's own fulfilment hold, the flow sent as usual; no_flow: held for the team, no
 * flow; other_flow: the shop's other flow instead of the new-order flow. Every action also tags. */
export const RISK_ACTIONS = ["tag", "hold", "no_flow", "other_flow"] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

export interface RiskRule {
  enabled: boolean;
  /** Orders scoring this or more get the action (0 to 100). */
  threshold: number;
  action: RiskAction;
  /** other_flow: the flow risky orders go to. */
  flowId: string | null;
  /** The tag is `<prefix>-<level>`. */
  tagPrefix: string;
}

export const DEFAULT_RISK_RULE: RiskRule = {
  enabled: false,
  threshold: 70,
  action: "tag",
  flowId: null,
  tagPrefix: "return-risk",
};

/** A prefix the platform takes as (part of) a tag: letters, digits, dashes, underscores. */
export const TAG_PREFIX_PATTERN = /^[\p{L}\p{N}_-]{1,30}$/u;

export const riskTag = (rule: Pick<RiskRule, "tagPrefix">, level: string) => `${rule.tagPrefix}-${level}`;
