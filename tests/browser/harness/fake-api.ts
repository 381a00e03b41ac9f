import type { Route } from "playwright-core";
import type {
  AutomationFlow,
  DeliveryCounts,
  DeliveryDetail,
  DeliveryStatus,
  Order,
  PlatformProduct,
  PlatformVariant,
  ProductAssociation,
  PublicConfiguration,
  SupplierProduct,
  ThemeInstall,
} from "~/lib/api-types";
import type { LoopTestView } from "~/lib/loop-test";
import { checkMapping, MAPPING_PROBLEM_MESSAGES, type MappingRow } from "~/lib/variant-mapping";

/**
 * The app's HTTP API as docs/api.md defines it, held in memory for the page tests: every endpoint the pages
 * call, with the contract's shapes, masking and failures, and a log of what the pages sent. It lets the pages
 * be driven in a real browser before (and independently of) the services behind the endpoints.
 */
export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  authorization: string | null;
}

const mask = (secret: string) => `••••${secret.slice(-4)}`;
const now = () => new Date().toISOString();
const json = (status: number, body: unknown) => ({
  status,
  contentType: "application/json",
  body: JSON.stringify(body),
});
const STATUS_CODES: Record<number, string> = {
  400: "invalid_input",
  401: "unauthorized",
  404: "not_found",
  409: "conflict",
};
/** A failure as the server words it (docs/decisions/101-error-codes.md): its code, and the field a message names. */
const fail = (status: number, error: string, code = STATUS_CODES[status] ?? "error") => {
  const field = /^([A-Za-z_]+): /.exec(error)?.[1];
  return json(status, { success: false, error, code, ...(field ? { field } : {}) });
};

/** The merchant's flows at the automation platform: FakeApi's list and the simulator's account (simulator-seed.ts). */
export const FIXTURE_FLOWS: readonly AutomationFlow[] = [
  { id: "flow_nuevos", name: "Confirmación de pedido COD", description: "", status: "active" },
  { id: "flow_carritos", name: "Recuperar carrito abandonado", description: "", status: "active" },
  { id: "flow_guias", name: "Envío de guía", description: "", status: "inactive" },
];

export const VALID_AUTOMATION_KEY = "auto-key-9d2f41c7";
export const VALID_SUPPLIER_TOKEN = "sup-token-5b7e3a90";

export class FakeApi {
  readonly calls: RecordedCall[] = [];
  /** Calls to endpoints docs/api.md does not have: a page that makes one is wrong. */
  readonly unknownCalls: string[] = [];
  /** Image URLs the catalogue uses, served as small pictures so cards and thumbnails render. */
  readonly images = new Map<string, string>();

  automationKey: string | null = null;
  configuration: Omit<PublicConfiguration, "automationApiKey" | "supplierToken"> & {
    supplierTokenValue: string | null;
  };
  flows: AutomationFlow[] = FIXTURE_FLOWS.map((flow) => ({ ...flow }));
  supplierProducts: SupplierProduct[] = [];
  storeProducts: PlatformProduct[] = [];
  storeVariants = new Map<string, PlatformVariant[]>();
  /** The store products' descriptions and images, as the resource picker gives them (docs/decisions/140). */
  storeDetails = new Map<string, { descriptionHtml: string; images: string[] }>();
  associations: ProductAssociation[] = [];
  deliveries: DeliveryDetail[] = [];
  orders: Order[] = [];
  /** When the app was installed (docs/decisions/131); a new shop just did. */
  installedAt: string | null = new Date().toISOString();
  installs: ThemeInstall[] = [];
  // Issue 15: the deliveries page's operations and the alert banner.
  paused = false;
  alert: { kind: "key_refused" | "failure_spike"; failing: number; settled: number; since: string } | null = null;
  validRepositoryToken = "ghp_repoReadToken123";
  /** "Test the whole loop": the test as each read after the start finds it (the last one stays). */
  loopTestScript: LoopTestView[] = [];
  loopTest: LoopTestView | null = null;
  private loopTestReads = 0;

  constructor(shop: string) {
    this.configuration = {
      shop,
      newOrderFlowId: null,
      abandonedCartFlowId: null,
      supplierStoreName: null,
      supplierCountry: null,
      supplierTokenValue: null,
      updatedAt: now(),
    };
  }

  publicConfiguration(): PublicConfiguration | null {
    const { supplierTokenValue, ...rest } = this.configuration;
    if (!this.automationKey && !rest.supplierStoreName) return null;
    return {
      ...rest,
      automationApiKey: this.automationKey ? mask(this.automationKey) : null,
      supplierToken: supplierTokenValue ? mask(supplierTokenValue) : null,
    };
  }

  callsTo(method: string, path: string) {
    return this.calls.filter((call) => call.method === method && call.path === path);
  }

  async handle(route: Route) {
    const request = route.request();
    const url = new URL(request.url());
    const form = new URLSearchParams(request.method() === "POST" ? (request.postData() ?? "") : "");
    const authorization = request.headers()["authorization"] ?? null;
    this.calls.push({ method: request.method(), path: url.pathname, query: url.searchParams, form, authorization });
    if (!authorization?.startsWith("Bearer ")) return route.fulfill(fail(401, "No shop session found"));
    return route.fulfill(this.answer(request.method(), url.pathname, url.searchParams, form));
  }

  private answer(method: string, path: string, query: URLSearchParams, form: URLSearchParams) {
    const route = `${method} ${path}`;
    const operation = this.operation(route, query);
    if (operation) return operation;
    const deliveryMatch = path.match(/^\/api\/deliveries\/([^/]+)(\/retry)?$/);
    if (deliveryMatch && path !== "/api/deliveries/stats") {
      return deliveryMatch[2] && method === "POST"
        ? this.retryDelivery(decodeURIComponent(deliveryMatch[1]))
        : this.delivery(decodeURIComponent(deliveryMatch[1]));
    }
    switch (route) {
      case "POST /api/automation/pause":
        this.paused = form.get("paused") === "true";
        return json(200, {
          success: true,
          paused: this.paused,
          pausedAt: this.paused ? "2026-11-23T09:00:00.000Z" : null,
          waiting: this.paused ? this.deliveries.filter((d) => d.status === "queued").length : 0,
        });
      case "GET /api/settings":
        return json(200, { success: true, configuration: this.publicConfiguration() });
      case "POST /api/integrations/automation/save":
        return this.saveAutomation(form);
      case "GET /api/automation/flows":
        if (!this.automationKey) return fail(400, "The automation API key is not configured", "not_configured");
        return json(200, { success: true, flows: this.flows });
      case "POST /api/automation/flows": {
        const apiKey = form.get("apiKey")?.trim();
        if (!apiKey) return fail(400, "apiKey: is required");
        if (apiKey !== VALID_AUTOMATION_KEY) {
          return fail(400, "The automation platform refused this API key", "automation_key_refused");
        }
        return json(200, { success: true, flows: this.flows });
      }
      case "POST /api/integrations/supplier/save":
        return this.saveSupplier(form);
      case "GET /api/supplier/products":
        return this.listSupplierProducts(query);
      case "GET /api/platform/products":
        return json(200, { success: true, products: this.storeProducts });
      case "GET /api/platform/product/variants": {
        const product = this.storeProducts.find((candidate) => candidate.id === query.get("productId"));
        if (!product) return fail(404, "Product not found");
        const variants = this.storeVariants.get(product.id) ?? [];
        return json(200, { success: true, product: { id: product.id, title: product.title }, variants });
      }
      case "POST /api/products/import":
        return this.importProduct(form);
      case "GET /api/products/associations": {
        const page = Number(query.get("page") ?? 1);
        const pageSize = Number(query.get("pageSize") ?? 25);
        const associations = this.associations.slice((page - 1) * pageSize, page * pageSize);
        return json(200, { success: true, associations, total: this.associations.length, page, pageSize });
      }
      case "POST /api/products/association/variants":
        return this.updateVariants(form);
      case "POST /api/products/association/delete": {
        const id = form.get("associationId") ?? "";
        if (!id) return fail(400, "associationId: is required");
        const before = this.associations.length;
        this.associations = this.associations.filter((association) => association.id !== id);
        if (this.associations.length === before) return fail(404, "Association not found");
        return json(200, { success: true, message: "Association deleted", associationId: id });
      }
      case "GET /api/deliveries": {
        const status = query.get("status");
        const page = Number(query.get("page") ?? 1);
        const pageSize = Number(query.get("pageSize") ?? 25);
        const q = query.get("q")?.toLowerCase();
        const matching = this.deliveries.filter(
          (delivery) =>
            (!status || delivery.status === status) &&
            (!q ||
              delivery.orderName?.toLowerCase().includes(q) ||
              delivery.payloadSummary?.customerFirstName?.toLowerCase().includes(q)),
        );
        const deliveries = matching.slice((page - 1) * pageSize, page * pageSize).map(summary);
        return json(200, { success: true, deliveries, total: matching.length, page, pageSize });
      }
      case "GET /api/deliveries/stats": {
        const counts: DeliveryCounts = {
          queued: 0,
          delivering: 0,
          delivered: 0,
          flow_failed: 0,
          retrying: 0,
          dead: 0,
          skipped: 0,
        };
        for (const delivery of this.deliveries) counts[delivery.status]++;
        return json(200, { success: true, since: new Date(Date.now() - 86_400_000).toISOString(), counts });
      }
      case "GET /api/orders/poll":
      case "POST /api/orders/poll":
        return json(200, {
          success: true,
          orders: this.orders,
          count: this.orders.length,
          installedAt: this.installedAt,
        });
      case "POST /api/theme/install":
        return this.installTheme(form);
      case "GET /api/theme/installs":
        return json(200, { success: true, installs: this.installs });
      default:
        this.unknownCalls.push(route);
        return fail(404, `No such endpoint: ${route}`);
    }
  }

  private operation(route: string, query: URLSearchParams) {
    const dead = () => this.deliveries.filter((delivery) => delivery.status === "dead");
    const pauseState = () => ({
      paused: this.paused,
      pausedAt: this.paused ? "2026-11-23T09:00:00.000Z" : null,
      waiting: this.paused ? this.deliveries.filter((d) => d.status === "queued" || d.status === "retrying").length : 0,
    });
    switch (route) {
      case "GET /api/alerts":
        return json(200, { success: true, alert: this.alert });
      case "GET /api/loop-test": {
        const id = query.get("id");
        if (id && id !== this.loopTest?.id) return fail(404, "No such loop test", "not_found");
        if (id) {
          this.loopTestReads = Math.min(this.loopTestReads + 1, this.loopTestScript.length - 1);
          this.loopTest = this.loopTestScript[this.loopTestReads];
        }
        return json(200, { success: true, test: this.loopTest });
      }
      case "POST /api/loop-test":
        if (this.loopTest?.outcome === "running")
          return fail(409, "A loop test is already running; wait for it to finish", "loop_test_running");
        if (!this.loopTestScript.length)
          return fail(403, "The platform refused to create the test order", "loop_test_scope");
        this.loopTestReads = 0;
        this.loopTest = this.loopTestScript[0];
        return json(201, { success: true, test: this.loopTest });
      case "GET /api/deliveries/retry-failed":
        return json(200, { success: true, count: dead().length, max: 1000, perSecond: 2 });
      case "POST /api/deliveries/retry-failed": {
        const queued = dead();
        for (const delivery of queued)
          Object.assign(delivery, {
            status: "queued",
            attempts: 0,
            lastError: null,
            lastErrorCode: null,
            lastErrorParams: null,
          });
        return json(200, { success: true, queued: queued.length, remaining: 0, lastDueAt: new Date().toISOString() });
      }
      case "GET /api/automation/pause":
        return json(200, { success: true, ...pauseState() });
      case "POST /api/automation/pause":
        return null;
      case "GET /api/deliveries/export": {
        const status = query.get("status");
        const rows = this.deliveries.filter((delivery) => !status || delivery.status === status);
        const body = ["id,status", ...rows.map((delivery) => `${delivery.id},${delivery.status}`)].join("\r\n");
        return { status: 200, contentType: "text/csv", body };
      }
      default:
        return null;
    }
  }

  private saveAutomation(form: URLSearchParams) {
    const apiKey = form.get("apiKey");
    if (!apiKey && !this.automationKey) return fail(400, "apiKey: is required");
    if (apiKey && apiKey !== VALID_AUTOMATION_KEY)
      return fail(400, "The automation platform refused this API key", "automation_key_refused");
    for (const field of ["newOrderFlowId", "abandonedCartFlowId"] as const) {
      const value = form.get(field);
      if (value && !this.flows.some((flow) => flow.id === value)) return fail(400, `${field}: unknown flow`);
      if (value) this.configuration[field] = value;
    }
    if (apiKey) this.automationKey = apiKey;
    this.configuration.updatedAt = now();
    return json(200, { success: true, configuration: this.publicConfiguration() });
  }

  private saveSupplier(form: URLSearchParams) {
    if (!this.automationKey) return fail(400, "Configure the automation API key first", "automation_not_configured");
    const storeName = form.get("store_name")?.trim();
    const country = form.get("country");
    const token = form.get("supplier_token");
    if (!storeName) return fail(400, "store_name: is required");
    if (!country || !["CO", "EC", "CL", "GT", "MX", "PA", "PE", "PY"].includes(country))
      return fail(400, "country: must be one of CO, EC, CL, GT, MX, PA, PE, PY");
    if (!token && !this.configuration.supplierTokenValue) return fail(400, "supplier_token: is required");
    if (token && token !== VALID_SUPPLIER_TOKEN)
      return json(400, {
        success: false,
        error: "supplier_token: the supplier marketplace refused this token; nothing was saved",
        code: "bad_token",
        field: "supplier_token",
      });
    Object.assign(this.configuration, {
      supplierStoreName: storeName,
      supplierCountry: country,
      supplierTokenValue: token ?? this.configuration.supplierTokenValue,
      updatedAt: now(),
    });
    const { shop, supplierStoreName, supplierCountry } = this.configuration;
    return json(200, {
      success: true,
      configuration: { shop, supplierStoreName, supplierCountry, supplierToken: mask(token ?? "") },
    });
  }

  private listSupplierProducts(query: URLSearchParams) {
    if (!this.configuration.supplierTokenValue)
      return fail(400, "The supplier integration is not configured", "supplier_not_configured");
    const pageSize = Number(query.get("pageSize") ?? 50);
    const startData = Number(query.get("startData") ?? 0);
    const keywords = query.get("keywords")?.toLowerCase();
    const matching = keywords
      ? this.supplierProducts.filter((product) => product.name.toLowerCase().includes(keywords))
      : this.supplierProducts;
    return json(200, {
      success: true,
      products: matching.slice(startData, startData + pageSize),
      total: matching.length,
      pageSize,
      startData,
      upstreamError: null,
    });
  }

  private importProduct(form: URLSearchParams) {
    for (const field of ["supplierProductId", "supplierProductData", "platformProductId"]) {
      if (!form.get(field)) return fail(400, `${field}: is required`);
    }
    const supplierProductId = form.get("supplierProductId")!;
    const existing = this.associations.find((association) => association.supplierProductId === supplierProductId);
    if (existing)
      return json(409, { success: false, error: "This supplier product is already linked", association: existing });
    const data = JSON.parse(form.get("supplierProductData")!) as SupplierProduct;
    const storeProduct = this.storeProducts.find((product) => product.id === form.get("platformProductId"));
    if (!storeProduct) return fail(404, "Store product not found");
    const variations = form.get("supplierVariations")
      ? (JSON.parse(form.get("supplierVariations")!) as SupplierProduct["variations"])
      : data.variations;
    const pairs = JSON.parse(form.get("variantAssociations") ?? "[]") as MappingRow[];
    const refused = this.refuseMapping(
      storeProduct.id,
      pairs,
      variations.map((variation) => variation.id),
    );
    if (refused) return refused;
    const association: ProductAssociation = {
      id: `assoc_${this.associations.length + 1}_${supplierProductId}`,
      shop: this.configuration.shop,
      supplierProductId,
      platformProductId: storeProduct.id,
      supplierProductName: data.name,
      platformProductTitle: form.get("saveSupplierName") === "true" ? data.name : storeProduct.title,
      importType: "link",
      saveSupplierName: form.get("saveSupplierName") === "true",
      saveSupplierDescription: form.get("saveSupplierDescription") === "true",
      useSuggestedBarcode: form.get("useSuggestedBarcode") === "true",
      saveSupplierImages: form.get("saveSupplierImages") === "true",
      variantAssociations: links(pairs, variations),
      supplierVariations: variations.map(({ id, sku, attributes }) => ({ id, sku, attributes: attributes ?? [] })),
      imagesAdded: 0,
      lastSyncedAt: now(),
      createdAt: now(),
    };
    this.associations.unshift(association);
    return json(200, { success: true, message: "Product linked", association });
  }

  /** The server's mapping check (docs/decisions/140): its code, field, row and the earlier row of a duplicate. */
  private refuseMapping(productId: string, pairs: MappingRow[], variationIds: string[]) {
    const variantIds = (this.storeVariants.get(productId) ?? []).map((variant) => variant.id);
    const [problem] = checkMapping(pairs, variantIds, variationIds);
    if (!problem) return null;
    return json(400, {
      success: false,
      error: `variantAssociations.${problem.index}.${problem.field}: ${MAPPING_PROBLEM_MESSAGES[problem.code]}`,
      code: problem.code,
      field: problem.field,
      index: problem.index,
      ...(problem.otherIndex === undefined ? {} : { otherIndex: problem.otherIndex }),
    });
  }

  private updateVariants(form: URLSearchParams) {
    const id = form.get("associationId") ?? "";
    if (!id) return fail(400, "associationId: is required");
    const association = this.associations.find((candidate) => candidate.id === id);
    if (!association) return fail(404, "Association not found");
    const pairs = JSON.parse(form.get("variantAssociations") ?? "[]") as MappingRow[];
    const variations = association.supplierVariations.length
      ? association.supplierVariations
      : association.variantAssociations.map((link) => ({ id: link.supplierVariationId, sku: "", attributes: [] }));
    const refused = this.refuseMapping(
      association.platformProductId,
      pairs,
      variations.map((variation) => variation.id),
    );
    if (refused) return refused;
    Object.assign(association, { variantAssociations: links(pairs, variations), lastSyncedAt: now() });
    return json(200, { success: true, message: "Variant mapping saved", association });
  }

  /** The store products as the platform's resource picker returns them (the fields the pages read). */
  pickerProducts() {
    return this.storeProducts.map((product) => {
      const details = this.storeDetails.get(product.id);
      return {
        id: product.id,
        title: product.title,
        handle: product.handle,
        status: product.status,
        descriptionHtml: details?.descriptionHtml ?? "",
        images: (details?.images ?? []).map((src, index) => ({
          id: `gid://shopify/ProductImage/${index}`,
          originalSrc: src,
          altText: product.title,
        })),
        variants: (this.storeVariants.get(product.id) ?? []).map(({ id, title, sku }) => ({ id, title, sku })),
      };
    });
  }

  private delivery(id: string) {
    const delivery = this.deliveries.find((candidate) => candidate.id === id);
    return delivery ? json(200, { success: true, delivery }) : fail(404, "Delivery not found");
  }

  private retryDelivery(id: string) {
    const delivery = this.deliveries.find((candidate) => candidate.id === id);
    if (!delivery) return fail(404, "Delivery not found");
    if (delivery.status === "delivered") return fail(409, "This delivery was already delivered", "already_delivered");
    if (delivery.status === "retrying") Object.assign(delivery, { nextAttemptAt: now(), updatedAt: now() });
    if (delivery.status === "dead" || delivery.status === "skipped" || delivery.status === "flow_failed") {
      Object.assign(delivery, { status: "queued" as DeliveryStatus, nextAttemptAt: now(), updatedAt: now() });
    }
    return json(200, { success: true, delivery: summary(delivery) });
  }

  private installTheme(form: URLSearchParams) {
    const themeUrl = form.get("themeUrl");
    if (!themeUrl) return fail(400, "themeUrl: is required");
    const repository = themeUrl.match(/^repo-api:\/\/([^/]+)\/([^/]+)\/([^?]+)\?token=(.+)$/);
    if (themeUrl.startsWith("repo-api://")) {
      if (!repository) return fail(400, "themeUrl: must be repo-api://<owner>/<repo>/<branch>?token=<token>");
      if (decodeURIComponent(repository[4]) !== this.validRepositoryToken)
        return fail(
          400,
          "The repository token does not have read access to the repository",
          "repository_token_refused",
        );
    }
    const theme = {
      id: 150000 + this.installs.length + 1,
      name: form.get("themeName") || "Automation Theme 2.5",
      role: "unpublished",
      created_at: now(),
    };
    this.installs.unshift({
      id: `install_${theme.id}`,
      themeId: theme.id,
      name: theme.name,
      role: theme.role,
      source: repository ? "repository" : "public",
      createdAt: theme.created_at,
    });
    return json(200, { success: true, message: `Theme ${theme.name} installed`, theme });
  }
}

function links(pairs: MappingRow[], variations: { id: string; sku: string }[]) {
  return pairs.map((pair) => ({
    supplierVariationId: pair.supplierVariationId,
    platformVariantId: pair.platformVariantId,
    barcode: variations.find((variation) => variation.id === pair.supplierVariationId)?.sku || null,
  }));
}

function summary(delivery: DeliveryDetail) {
  const { attemptLog: _attempts, callback: _callback, payloadSummary: _payload, ...rest } = delivery;
  return rest;
}
