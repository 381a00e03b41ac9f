import type { JourneyStep } from "@prisma/client";
import { addOrderTags } from "../../automation/order-tags.server";
import type { GraphqlOptions, PlatformSession } from "../../platform/graphql.server";
import type { FollowSettings } from "../settings.server";

/** What one step's try knows: the shop's platform session, its row, the parcel, and the app's own fulfilment. */
export interface StepContext {
  session: PlatformSession;
  row: JourneyStep;
  parcel: { guide: string | null; carrier: string | null; rawStatus: string | null };
  /** The fulfilment the app made for this supplier order (the fulfil step's answer), if it made one. */
  fulfillmentId: string | null;
  settings: FollowSettings;
  graphql: GraphqlOptions;
}

/** How a try ended: done (with what the platform answered), or stood down (with why, for the merchant). */
export type StepOutcome = { status: "done" | "stood_down"; platformRef?: string | null; note?: string };

/** A try that failed: worth trying again on the schedule (the platform down) or not (it refused). */
export class StepProblem extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export const refused = (errors: { message: string }[]) =>
  new StepProblem(`the platform refused: ${errors.map((error) => error.message).join("; ")}`, false);

/**
 * The tags the journey adds, never removes (docs/decisions/297): the app's fixed `automation-` prefix, as every
 * tag it adds (the answer tags, automation-processed); no shop setting changes it.
 */
export const JOURNEY_TAGS = {
  shipped: "automation-shipped",
  delivered: "automation-delivered",
  incident: "automation-incident",
  returned: "automation-returned",
} as const;

/** Adds the tag (adding one the order has is harmless, so a try again adds nothing twice). */
export async function tagOrder(context: StepContext, tag: string) {
  const found = await addOrderTags(context.session, context.row.orderId, [tag], context.graphql);
  if (!found) throw new StepProblem("the order no longer exists on the platform", false);
}
