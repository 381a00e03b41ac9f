import { z } from "zod";
import { AppError } from "../../lib/http.server";
import { addApplyJob } from "./apply.server";
import { insertStatusEvent, type StatusReport } from "./record.server";
import { shopByReceiverToken } from "./settings.server";

/** A status push with its order's lines and notes: a few KB; anything past this is not a status. */
export const STATUS_PUSH_MAX_BYTES = 64 * 1024;

const text = (max: number) =>
  z.union([z.string(), z.number()]).transform((value) => String(value).trim().slice(0, max) || null);
const optionalText = (max: number) =>
  text(max)
    .nullish()
    .transform((value) => value ?? null);

/** A naive "2026-11-24 10:12:31" is read as UTC: the marketplace does not say its zone (docs/decisions/321). */
export function marketplaceTime(value: string): Date | null {
  const iso = value.trim().replace(" ", "T");
  const at = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(iso) ? iso : `${iso}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const reportedTime = z.string().trim().max(40).transform(marketplaceTime);

/**
 * The marketplace's status webhook, in the shapes its integrators show (app reference: supplier-order-status.json):
 * `id` and `status` are required; the rest helps match and show the order. Other fields (the buyer's name and
 * address, the lines) are never read, so never kept.
 */
const statusPush = z.object({
  id: text(60).refine((value) => value !== null, "is required"),
  status: text(80).refine((value) => value !== null, "is required"),
  shop_order_id: optionalText(100),
  shipping_guide: optionalText(100),
  shipping_company: optionalText(100),
  phone: optionalText(40),
  total_order: optionalText(30),
  notes: optionalText(500),
  updated_at: reportedTime.nullish(),
});

/** Other marketplaces' integrators name the two required fields `order_id` and `new_status`. */
function withVariantNames(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  return { ...fields, id: fields.id ?? fields.order_id, status: fields.status ?? fields.new_status };
}

/** The push's fields as a status report, or the stable failure a wrong body gets. */
export function parseStatusPush(body: unknown): StatusReport {
  const parsed = statusPush.safeParse(withVariantNames(body));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw AppError.forField(issue.path.length ? issue.path : ["body"], issue.message, { code: "invalid_status" });
  }
  const push = parsed.data;
  return {
    supplierOrderId: push.id!,
    rawStatus: push.status!,
    reportedAt: push.updated_at ?? null,
    shopOrderRef: push.shop_order_id,
    guide: push.shipping_guide,
    carrier: push.shipping_company,
    buyerPhone: push.phone,
    total: push.total_order,
    notes: push.notes,
  };
}

export interface ReceivedPush {
  duplicate: boolean;
}

/**
 * One status push for the shop whose receiver token is in the URL: the token read, the body checked, one INSERT
 * and its order's apply job (keyed: one live job per supplier order); the projection, matching and the steps the
 * store owes run in that job, never before the answer (docs/decisions/321, 297). An unknown token is a plain 404
 * whether or not the shop exists.
 */
export async function receiveStatusPush(token: string, readBody: () => Promise<unknown>): Promise<ReceivedPush> {
  const shop = await shopByReceiverToken(token);
  if (!shop) throw new AppError(404, "Not found", "not_found");
  const report = parseStatusPush(await readBody());
  const inserted = await insertStatusEvent(shop, "push", report);
  // Added for a repeat too: the first push's job may have been lost with its process. A stored event whose job
  // was never added (the process died between the two) is added by the sweep.
  await addApplyJob(shop, report.supplierOrderId);
  return { duplicate: !inserted };
}
