import { z } from "zod";
import { env } from "../../env.server";
import { logger } from "../../logger.server";

/** One status in the order's history, as the marketplace wrote it. */
export interface SupplierHistoryEntry {
  status: string;
  /** The marketplace's time for it (`2026-11-24 10:12:31`, no zone), if given. */
  at: string | null;
}

export interface SupplierOrderAnswer {
  id: string;
  status: string;
  shopOrderRef: string | null;
  guide: string | null;
  carrier: string | null;
  updatedAt: string | null;
  history: SupplierHistoryEntry[];
}

/**
 * Why a read gave no order. `locked`: the per-token limit was passed (429, or the marketplace's "Too Many Attempts"
 * wording): the marketplace answers nothing until `retryAfterMs` (when it said) and every call meanwhile lengthens
 * nothing but wastes the merchant's other integrations' share, so the caller stops (docs/decisions/304).
 */
export type SupplierOrderFailure =
  | { code: "locked"; retryAfterMs: number | null }
  | { code: "not_found" }
  | { code: "rejected"; status: number }
  | { code: "unavailable"; message: string };

export type SupplierOrderRead = { ok: true; order: SupplierOrderAnswer } | { ok: false; failure: SupplierOrderFailure };

const TIMEOUT_MS = 15_000;
const LOCKOUT_WORDING = /too many attempts/i;

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : String(value).trim().slice(0, 100) || null));

/** The order as public integrations read it (app reference: supplier-order-status.json `orderById`). */
const orderAnswer = z.object({
  isSuccess: z.boolean().optional(),
  message: z.string().nullish(),
  objects: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    status: z.string().trim().min(1).max(100),
    shop_order_id: text,
    shipping_guide: text,
    shipping_company: text,
    updated_at: text,
    history: z
      .array(z.object({ status: z.string().trim().max(100), created_at: text }))
      .max(500)
      .nullish(),
  }),
});

export function supplierOrderUrl(id: string) {
  return `${env().SUPPLIER_API_URL}/orders/myorders/${encodeURIComponent(id)}`;
}

/**
 * Reads one order with its history, once: every call counts against the token's limit, so a failure is reported,
 * never retried here (the poller decides when to ask again).
 */
export async function readSupplierOrder(
  token: string,
  id: string,
  options: { timeoutMs?: number } = {},
): Promise<SupplierOrderRead> {
  const log = logger.child({ system: "supplier", supplierOrderId: id });
  const origin = env().SUPPLIER_ORIGIN;
  let response: Response;
  try {
    response = await fetch(supplierOrderUrl(id), {
      headers: { Accept: "application/json", "supplier-integration-key": token, Origin: origin, Referer: origin },
      // A redirect would carry the secret header to wherever it points.
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, "supplier unreachable");
    return fail({ code: "unavailable", message: "The supplier marketplace did not answer" });
  }
  const body = await response.text().catch(() => "");
  if (response.status === 429 || LOCKOUT_WORDING.test(body.slice(0, 500))) {
    const seconds = Number(response.headers.get("Retry-After"));
    return fail({ code: "locked", retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null });
  }
  if (response.status === 404) return fail({ code: "not_found" });
  if (response.status === 401 || response.status === 403) return fail({ code: "rejected", status: response.status });
  if (!response.ok) return fail({ code: "unavailable", message: `HTTP ${response.status}` });
  const parsed = orderAnswer.safeParse(parseJson(body));
  if (!parsed.success || parsed.data.isSuccess === false) {
    log.warn({ issues: parsed.success ? undefined : parsed.error.issues.slice(0, 3) }, "supplier order not usable");
    return fail({ code: "unavailable", message: "The supplier marketplace answered in an unexpected format" });
  }
  const order = parsed.data.objects;
  const history = (order.history ?? [])
    .filter((entry) => entry.status)
    .map((entry) => ({ status: entry.status, at: entry.created_at }));
  return {
    ok: true,
    order: {
      id: order.id,
      status: order.status,
      shopOrderRef: order.shop_order_id,
      guide: order.shipping_guide,
      carrier: order.shipping_company,
      updatedAt: order.updated_at,
      // An answer without its history still tells the current status.
      history: history.length ? history : [{ status: order.status, at: order.updated_at }],
    },
  };
}

const fail = (failure: SupplierOrderFailure): SupplierOrderRead => ({ ok: false, failure });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
