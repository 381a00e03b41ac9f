import { z } from "zod";
import { env } from "../../env.server";
import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { legacyId } from "../../lib/payload-fields.server";
import { findCallbackDelivery, findCallbackOrder, recordCallback } from "../deliveries/queries.server";
import { AUTOMATION_ERROR_TAG, FAILED_CALLBACK_STATUSES } from "../deliveries/status.server";
import { gidField } from "../platform/gid";
import { getOfflineSession, type GraphqlOptions } from "../platform/graphql.server";
import { readSessionsOnce } from "../platform/sealed-session-storage.server";
import { recordOrderAnswer } from "../answers/record.server";
import { onOrderAnswer } from "../holds/lifecycle.server";
import { findSettingsByApiKey } from "../shops/configuration.server";
import { callbackJourneyFields, recordCallbackJourney } from "../journey/callback-fields.server";
import { incidentAnswerTag, incidentOfCallback, recordIncidentAnswer } from "../incidents/answer.server";
import { incidentCallbackFields } from "../incidents/callback-fields.server";
import { shopTimeZone } from "../shops/time-zone.server";
import { noteLoopCallback, noteLoopTagProblem } from "../loop-test/marks.server";
import { addOrderTags, findOrder, platformOrderName, removeOrderTags } from "./order-tags.server";
import { replacesOutcomeTags } from "./tag-policy.server";

/** The spec's status map (States: order tags). */
export const STATUS_TAGS: Record<string, string> = {
  success: "automation-processed",
  completed: "automation-completed",
  pending: "automation-pending",
  error: "automation-error",
  failed: "automation-error",
};
export const DEFAULT_TAG = "automation-processed";
/** The tags that state a flow's outcome: a later one may replace the earlier one's when the shop chose so (decision 193). */
export const OUTCOME_TAGS = new Set(Object.values(STATUS_TAGS));

/**
 * Whether the callback reports a failed flow: a failure status, or (no status) the error tag named explicitly.
 * The recorded status says so in both cases, so the delivery's state lives in its columns.
 */
export function callbackStatusOf(status: string | undefined, tags: string[]): string | null {
  if (status) return status;
  return tags.includes(AUTOMATION_ERROR_TAG) ? FAILED_CALLBACK_STATUSES[0] : null;
}

/** The outcome tags recorded on the order that the new tags make stale; none when no new outcome is stated. */
export function staleOutcomeTags(recorded: string[], tags: string[]): string[] {
  if (!tags.some((tag) => OUTCOME_TAGS.has(tag))) return [];
  return recorded.filter((tag) => OUTCOME_TAGS.has(tag) && !tags.includes(tag));
}

// Platform tags are at most 40 characters; a tag list of hundreds is a caller's bug, not an outcome.
const MAX_TAGS = 20;
const tag = z.string().trim().max(40, "each tag must be at most 40 characters");

const body = z.object({
  // It goes into a search query: no spaces or quotes that could widen the search.
  orderName: z
    .string()
    .trim()
    .regex(/^[^\s"'\\()]+$/, "must be an order name such as #1001")
    .optional(),
  // The spec writes gid://platform/Order/<id>; the platform is asked with its real gid.
  orderId: gidField("Order").optional(),
  shop: z.string().trim().toLowerCase().min(1, "must not be empty").optional(),
  tag: tag.optional(),
  tags: z.union([z.string(), z.array(z.string({ invalid_type_error: "must be strings" }))]).optional(),
  status: z.string().trim().toLowerCase().optional(),
});

export interface CallbackResult {
  message: string;
  orderId: string;
  tags: string[];
}

/** Tag priority: explicit `tag`/`tags`, else the status's tag, else `automation-processed`. */
export function chooseTags(input: { tag?: string; tags?: string | string[]; status?: string }): string[] {
  const listed = typeof input.tags === "string" ? input.tags.split(",") : (input.tags ?? []);
  const explicit = [...(input.tag ? [input.tag] : []), ...listed].map((value) => value.trim()).filter(Boolean);
  if (explicit.length) return [...new Set(explicit)];
  const mapped = input.status ? STATUS_TAGS[input.status] : undefined;
  return [mapped ?? DEFAULT_TAG];
}

/**
 * POST /api/automation/callback: the spec's checks in its order (docs/decisions/012-callback-statuses.md),
 * then the order tagged: by the id its webhook stored, else found by name or id on the platform. Every refusal is
 * an AppError with the spec's text.
 */
export function handleAutomationCallback(
  input: Record<string, unknown>,
  request: { origin: string | null },
  options: { graphql?: GraphqlOptions } = {},
): Promise<CallbackResult> {
  // The install check and each platform call's offline path share one read of the offline session (decision 167).
  return readSessionsOnce(() => answer(input, request, options));
}

async function answer(
  input: Record<string, unknown>,
  request: { origin: string | null },
  options: { graphql?: GraphqlOptions },
): Promise<CallbackResult> {
  // 1. The key, under any of its three names.
  const apiKey = input.apiKey ?? input.api_key ?? input.token;
  if (apiKey === undefined || apiKey === null || apiKey === "") throw new AppError(401, "API key is required");
  if (typeof apiKey !== "string") throw new AppError(400, "Invalid API key format");

  // 2. A configuration must own it.
  const settings = await findSettingsByApiKey(apiKey);
  if (!settings) throw new AppError(401, "Invalid API key");

  // 3. The shop named in the body (if any) must be the key's shop.
  const parsed = body.safeParse(input);
  const claimedShop = typeof input.shop === "string" ? input.shop.trim().toLowerCase() : undefined;
  if (claimedShop && claimedShop !== settings.shop) throw new AppError(403, "Shop mismatch");
  const shop = settings.shop;
  // The fields go with each line rather than into a child logger: a child redacts its bindings when made, on every
  // callback, while the lines below are rare or below the usual level (docs/decisions/180).
  const context = { shop, route: "automation-callback" };

  // 4. The app must be installed there.
  const session = await getOfflineSession(shop);
  if (!session) throw new AppError(409, "The app is not installed on this shop (no offline session)", "not_installed");

  // 5. A browser caller must come from an allowed panel.
  if (request.origin && !env().CALLBACK_ALLOWED_ORIGINS.includes(request.origin.replace(/\/+$/, ""))) {
    logger.warn({ ...context, origin: request.origin }, "callback refused: origin not allowed");
    throw new AppError(403, "Invalid origin");
  }

  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw AppError.forField(issue.path.length ? issue.path : ["body"], issue.message);
  }
  const fields = parsed.data;
  if (!fields.orderName && !fields.orderId) throw AppError.forField("orderName", "is required");
  // The supplier order the flow placed, if it says so (docs/decisions/322): checked before anything is written.
  const journey = callbackJourneyFields(input);
  // The buyer's answer to a delivery incident (docs/decisions/331): its own tag, on its own trigger.
  const incidentFields = await incidentCallbackFields(input, () => shopTimeZone(shop, new Date(), options.graphql));
  const tags = incidentFields
    ? [
        ...(fields.tag || fields.tags ? chooseTags({ tag: fields.tag, tags: fields.tags }) : []),
        await incidentAnswerTag(shop, incidentFields),
      ]
    : chooseTags(fields);
  const invalidTag = tags.find((value) => value.length > 40);
  if (invalidTag) throw AppError.forField("tags", "each tag must be at most 40 characters");
  if (tags.length > MAX_TAGS) throw AppError.forField("tags", `at most ${MAX_TAGS} tags`);

  // The orders/create webhook stored the order's id: a callback for an order this app delivered (nearly all of
  // them) goes straight to tagsAdd, one platform call instead of two, and the same read gives its delivery.
  // Others are searched on the platform, then their delivery looked up by the order's id.
  const stored = fields.orderName ? await findCallbackOrder(shop, platformOrderName(fields.orderName)) : null;
  const order = stored?.order ?? (await findOrder(session, fields, options.graphql));
  const notFound = () =>
    new AppError(404, `Order ${fields.orderName ?? fields.orderId} was not found in ${shop}`, "order_not_found");
  if (!order) throw notFound();
  const incident = incidentFields ? await incidentOfCallback(shop, order.id, incidentFields.incidentId) : null;
  const delivery =
    stored?.delivery ?? (await findCallbackDelivery(shop, { resourceId: legacyId(order.id), orderName: order.name }));
  // Only a test order can have a loop test waiting for its callback (the loop test's order is a test order).
  const loopTest = delivery?.test === true;
  if (loopTest) await noteLoopCallback(shop, order.id);
  // The order may have been deleted since its webhook (or since the search): the platform's answer is the same 404.
  let tagged: boolean;
  try {
    tagged = await addOrderTags(session, order.id, tags, options.graphql);
  } catch (error) {
    if (loopTest && error instanceof AppError) await noteLoopTagProblem(shop, order.id, error.message);
    throw error;
  }
  if (!tagged) {
    if (loopTest) await noteLoopTagProblem(shop, order.id, notFound().message);
    throw notFound();
  }
  // Add only (the spec), unless the merchant chose that a new outcome replaces the app's own stale outcome tag
  // (docs/decisions/193); only tags this app recorded are ever removed, a merchant's own are never touched.
  const stale = delivery && !incident ? staleOutcomeTags(delivery.tagsApplied, tags) : [];
  const removed = stale.length && (await replacesOutcomeTags(shop)) ? stale : [];
  await removeOrderTags(session, order.id, removed, options.graphql);
  const deliveryId = delivery?.id ?? null;
  if (incident && incidentFields) {
    // The incident's trigger records this callback, not the order's: the order flow's outcome stays its own.
    await recordCallback(incident.id, { status: fields.status ?? null, tags, removed: [] }, new Date());
    await recordIncidentAnswer(shop, incident, order.id, incidentFields);
  } else if (delivery) {
    const status = callbackStatusOf(fields.status, tags);
    await recordCallback(delivery.id, { status, tags, removed }, new Date(), delivery.recordedTags);
  }
  if (journey) await recordCallbackJourney(shop, order, journey);
  // The buyer's answer, the app's own record beside the spec's tags (docs/decisions/210): only under the shop's rules.
  // The test order has no buyer: its answer is the loop test's own (app/services/loop-test/hold.server.ts).
  const answered =
    loopTest || incident ? null : await recordOrderAnswer(shop, order, deliveryId, { status: fields.status, tags });
  if (answered?.changed) await onOrderAnswer(shop, order.id, answered.answer);
  if (logger.isLevelEnabled("info")) {
    logger.info(
      { ...context, orderId: order.id, tags, removed, deliveryId, lookup: stored ? "stored" : "search" },
      "callback tags added",
    );
  }
  return { message: `Tags added to order ${order.name}: ${tags.join(", ")}`, orderId: order.id, tags };
}
