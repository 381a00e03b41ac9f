import { env } from "../../env.server";
import { logger } from "../../logger.server";
import { realSleep } from "../platform/graphql.server";
import { mapSupplierProduct, productIndexAnswer, type SupplierProduct } from "./product-shapes.server";

export type SupplierUpstreamError = {
  code: "unavailable" | "rate_limited" | "rejected";
  message: string;
};

export interface SupplierProductPage {
  products: SupplierProduct[];
  total: number;
  /** Null when the marketplace answered; otherwise why the list is empty (docs/decisions/020). */
  upstreamError: SupplierUpstreamError | null;
}

export interface SupplierProductQuery {
  pageSize: number;
  startData: number;
  keywords?: string;
  privatedProduct: boolean;
  favorite: boolean;
}

export interface SupplierRequestOptions {
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

const TIMEOUT_MS = 15_000;
const MAX_ATTEMPTS = 2;
const RETRY_DELAY_MS = 500;
const RATE_LIMIT_MESSAGE = /too many attempts/i;

export function supplierProductsUrl() {
  return `${env().SUPPLIER_API_URL}/integrations/products/index`;
}

/**
 * The request body: the spec's defaults, then either the search (keywords + hasSearch, no filters)
 * or one browsing filter (`privated_product: true` or `favorite`), never both.
 */
export function supplierRequestBody(query: SupplierProductQuery): Record<string, unknown> {
  const body: Record<string, unknown> = {
    pageSize: query.pageSize,
    startData: query.startData,
    keywords: "",
    userVerified: false,
    order_by: "created_at",
    order_type: "desc",
    with_collection: true,
    get_stock: true,
    no_count: false,
  };
  const keywords = query.keywords?.trim();
  if (keywords) return { ...body, keywords, hasSearch: true };
  if (query.privatedProduct) return { ...body, privated_product: true };
  return { ...body, favorite: query.favorite };
}

/**
 * Lists one page of the marketplace's products. The spec wants an empty list when the marketplace
 * fails; the cause travels in `upstreamError` so the page can tell "no products" from "no answer".
 */
export async function listSupplierProducts(
  token: string,
  query: SupplierProductQuery,
  options: SupplierRequestOptions = {},
): Promise<SupplierProductPage> {
  const sleep = options.sleep ?? realSleep;
  const log = logger.child({ system: "supplier", search: Boolean(query.keywords?.trim()) });
  const origin = env().SUPPLIER_ORIGIN;
  const empty = (upstreamError: SupplierUpstreamError): SupplierProductPage => ({
    products: [],
    total: 0,
    upstreamError,
  });

  for (let attempt = 1; ; attempt++) {
    const last = attempt >= MAX_ATTEMPTS;
    let response: Response;
    try {
      response = await fetch(supplierProductsUrl(), {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "supplier-integration-key": token,
          Origin: origin,
          Referer: origin,
        },
        body: JSON.stringify(supplierRequestBody(query)),
        // A redirect would carry the secret header to wherever it points.
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (error) {
      log.warn({ attempt, err: error instanceof Error ? error.message : String(error) }, "supplier unreachable");
      if (last) return empty({ code: "unavailable", message: "The supplier marketplace did not answer" });
      await sleep(RETRY_DELAY_MS);
      continue;
    }

    const text = await response.text().catch(() => "");
    const json = parseJson(text);
    // A JSON answer speaks through its `message`; its products' own text must not read as a refusal.
    const upstreamMessage = json === undefined ? text.slice(0, 200) : (messageOf(json) ?? "");

    // Retrying a rate-limited request only spends the account's allowance faster: report it at once.
    if (response.status === 429 || RATE_LIMIT_MESSAGE.test(upstreamMessage)) {
      log.warn({ status: response.status }, "supplier marketplace rate limited the account");
      return empty({
        code: "rate_limited",
        message: "The supplier marketplace is limiting requests for this account; wait a minute and try again",
      });
    }
    if (response.status >= 500) {
      log.warn({ attempt, status: response.status }, "supplier marketplace failed");
      if (last) {
        return empty({ code: "unavailable", message: `The supplier marketplace failed (HTTP ${response.status})` });
      }
      await sleep(RETRY_DELAY_MS);
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      log.warn({ status: response.status }, "supplier marketplace refused the token");
      return empty({
        code: "rejected",
        message: "The supplier marketplace refused the supplier token; save a valid token in the integration settings",
      });
    }

    const parsed = productIndexAnswer.safeParse(json);
    if (!response.ok || !parsed.success) {
      log.warn(
        { status: response.status, issues: parsed.success ? undefined : parsed.error.issues.slice(0, 3) },
        "supplier marketplace answer not usable",
      );
      return empty({
        code: response.ok ? "unavailable" : "rejected",
        message: response.ok
          ? "The supplier marketplace answered in an unexpected format"
          : `The supplier marketplace refused the request (HTTP ${response.status})`,
      });
    }
    const page = parsed.data;
    if (page.isSuccess === false) {
      log.warn({ upstreamStatus: page.status }, "supplier marketplace reported a failure");
      return empty({
        code: "rejected",
        message: `The supplier marketplace refused the request${page.message ? `: ${page.message}` : ""}`,
      });
    }
    const products = page.objects.map(mapSupplierProduct);
    return { products, total: page.count ?? products.length, upstreamError: null };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(json: unknown): string | undefined {
  if (json && typeof json === "object" && "message" in json && typeof json.message === "string") return json.message;
  return undefined;
}
