/**
 * The stock sync of one large shop, measured: 500 linked products with 6 variants each (3,000 variants) against
 * the platform simulator's inventory and a listening supplier simulator (2,000 products). The Admin API answers
 * carry a cost block modelled on the platform's (a 2,000-point bucket restoring 100 points a second, a read's
 * requested cost as the sync declares it and its actual cost by the variants returned, THROTTLED when the bucket
 * cannot pay), so the sync's own pacing is what is measured. Run in the unit tests' setup (a SQLite copy):
 * `npx vitest run --config bench/stock-sync.vitest.config.ts`. Prints the figures as JSON; never fails on time.
 */
import { http, HttpResponse } from "msw";
import { it } from "vitest";
import prisma from "~/db.server";
import { graphqlUrl } from "~/services/platform/graphql.server";
import { READ_COST } from "~/services/stock/store-operations.server";
import { syncShopStock } from "~/services/stock/sync.server";
import { execute } from "../sandbox/platform/graphql";
import { product } from "../sandbox/platform/seed";
import { marketStep } from "../sandbox/supplier/market";
import { shopDomain } from "../tests/helpers/factories";
import { stockSandbox } from "../tests/helpers/stock-sandbox";
import { server } from "../tests/mocks/server";

const PRODUCTS = 500;
const VARIANTS = 6;
const BUCKET = { max: 2000, restorePerSecond: 100 };

it(`syncs ${PRODUCTS} linked products with ${PRODUCTS * VARIANTS} variants`, { timeout: 600_000 }, async () => {
  const shop = shopDomain("bench-stock");
  const sandbox = await stockSandbox(shop, { catalogueSize: 2000 });
  const { state } = sandbox;
  state.products.length = 0;
  for (let n = 0; n < PRODUCTS; n++) {
    state.products.push(
      product(`Producto ${n + 1}`, `producto-${n + 1}`, 50_000, "Bench", [
        { name: "Talla", values: ["S", "M", "L"] },
        { name: "Color", values: ["Negro", "Blanco"] },
      ]),
    );
  }
  const supplierProducts = sandbox.supplier.catalogue.filter((candidate) => !candidate.privated_product);
  for (let n = 0; n < PRODUCTS; n++) await sandbox.link(state.products[n], supplierProducts[n * 3]);

  // The platform's leaky bucket, by wall-clock time.
  let available = BUCKET.max;
  let at = Date.now();
  let throttled = 0;
  const calls: Record<string, number> = {};
  server.use(
    http.post(graphqlUrl(shop), async ({ request }) => {
      const body = (await request.json()) as { query: string; variables?: Record<string, unknown> };
      const name = /\b(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? "anonymous";
      const now = Date.now();
      available = Math.min(BUCKET.max, available + ((now - at) / 1000) * BUCKET.restorePerSecond);
      at = now;
      const requested = name === "StockProducts" ? READ_COST : 10;
      const throttleStatus = () => ({
        maximumAvailable: BUCKET.max,
        currentlyAvailable: Math.floor(available),
        restoreRate: BUCKET.restorePerSecond,
      });
      if (requested > available) {
        throttled++;
        return HttpResponse.json({
          errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
          extensions: {
            cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() },
          },
        });
      }
      calls[name] = (calls[name] ?? 0) + 1;
      const result = execute(state, body.query, body.variables ?? {});
      const returned = name === "StockProducts" ? JSON.stringify(result.data).split('"inventoryItem"').length - 1 : 0;
      const actual = name === "StockProducts" ? 2 + returned * 4 : 10;
      available -= actual;
      return HttpResponse.json({
        data: result.data,
        ...(result.errors.length ? { errors: result.errors } : {}),
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus() },
        },
      });
    }),
  );

  const runs = [];
  for (const label of ["first sync", "after one market step", "nothing changed"]) {
    if (label === "after one market step") marketStep(sandbox.supplier.catalogue, 1);
    for (const key of Object.keys(calls)) delete calls[key];
    throttled = 0;
    const started = performance.now();
    const result = await syncShopStock(shop, { trigger: "manual" });
    runs.push({
      run: label,
      seconds: Number(((performance.now() - started) / 1000).toFixed(2)),
      status: result.status,
      changes: result.changes,
      supplierCalls: result.supplierCalls,
      platformCalls: { ...calls },
      platformActualCost: result.platformCost,
      throttledAnswers: throttled,
    });
  }
  const variants = await prisma.productAssociation.count({ where: { shop } });
  console.log(
    JSON.stringify(
      { products: variants, variants: PRODUCTS * VARIANTS, engine: process.env.DATABASE_URL?.split(":")[0], runs },
      null,
      2,
    ),
  );
  await sandbox.close();
});
