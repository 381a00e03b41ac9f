/**
 * `npm run bench -- --first-visit`: every admin page opened for the first time (empty cache, no open connection) in
 * Chromium over an emulated mobile link (Network.emulateNetworkConditions, Emulation.setCPUThrottlingRate over CDP),
 * against the app's production build on the sandbox's simulators, with a shop that has orders, deliveries and
 * answers. Prints each page's LCP p50 / p75, FCP, the document's last byte, the bytes and requests it took.
 *
 *   --runs 7                   first visits per page (LCP p75 over them)
 *   --pages home,insights      some of the pages only (names below)
 *   --rtt 150 --down 9 --up 3  the link: round trip (ms), throughput down and up (Mbit/s); Colombian 4G by default
 *   --cpu 2                    Chromium's CPU slow-down factor
 *   --identity                 the browser accepts no content encoding: the pages as a server that never compresses
 *                              sends them, on the same build
 *   --orders 40                orders sent through the full loop before the visits (rows for the pages to show)
 *   --no-build                 use the build already in build/
 *
 * The real admin frames the page and serves App Bridge from its CDN; here the page is opened at the top and App Bridge
 * is the sandbox's stand-in (sandbox/platform/admin.ts). The fonts stylesheet on cdn.shopify.com cannot be reached
 * from this machine: it is blocked, so the figures leave it out. It is a measurement, not a test: it never fails on time.
 */
import os from "node:os";
import { launchChromium } from "../sandbox/lib/chromium";
import { sleep } from "../sandbox/lib/http";
import { adminHost } from "../sandbox/platform/admin";
import { DEMO_SHOP } from "../sandbox/platform/seed";
import { configureShop, installShop, startStack } from "../sandbox/stack";
import { prepareRun } from "./lib/prepare-run";
import { createSignedOrder, orderWebhookHeaders, postOrderWebhook, stringOption } from "./lib/signed-orders";
import { firstVisit, type Link, type Visit } from "./lib/throttled-visit";

/** The admin's pages, as its navigation lists them. */
const PAGES: Record<string, string> = {
  home: "/app",
  deliveries: "/app/deliveries",
  insights: "/app/insights",
  settings: "/app/settings",
  catalogue: "/app/catalogue",
  products: "/app/products",
  theme: "/app/theme",
};

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return null;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function seedOrders(stack: Awaited<ReturnType<typeof startStack>>, count: number) {
  const shop = stack.platform.shopState(DEMO_SHOP);
  const orders = Array.from({ length: count }, () => createSignedOrder(shop));
  for (const { body } of orders) await postOrderWebhook(stack.appUrl, body, orderWebhookHeaders(body), 10_000);
  // Triggers, then the flow's callbacks (the automation simulator answers a second after each trigger).
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && stack.automation.callbacks.length < count) await sleep(250);
}

export async function runFirstVisitBench(argv: string[]) {
  const option = (name: string, fallback: number) => Number(stringOption(argv, name) ?? fallback);
  const runs = option("runs", 7);
  const link: Link = {
    rttMs: option("rtt", 150),
    downMbps: option("down", 9),
    upMbps: option("up", 3),
    cpuSlowdown: option("cpu", 2),
  };
  const identity = argv.includes("--identity");
  const pages = (stringOption(argv, "pages") ?? Object.keys(PAGES).join(",")).split(",");
  for (const name of pages) if (!PAGES[name]) throw new Error(`unknown page "${name}": ${Object.keys(PAGES)}`);

  const { databaseFile } = await prepareRun("first-visit", { build: !argv.includes("--no-build") });
  const stack = await startStack({ databaseFile, logLevel: "warn" });
  const browser = await launchChromium();
  const loadBefore = os.loadavg()[0];
  const results: { page: string; visits: Visit[]; timedOut: number }[] = [];
  try {
    await installShop(stack, DEMO_SHOP);
    await configureShop(stack, DEMO_SHOP);
    await seedOrders(stack, option("orders", 40));
    const urlOf = (pathname: string) => {
      const url = new URL(pathname, stack.appUrl);
      url.searchParams.set("embedded", "1");
      url.searchParams.set("shop", DEMO_SHOP);
      url.searchParams.set("host", adminHost(DEMO_SHOP));
      url.searchParams.set("locale", "es");
      url.searchParams.set("id_token", stack.sessionToken(DEMO_SHOP));
      return url.toString();
    };
    console.log(
      `first visits: ${runs} per page, RTT ${link.rttMs} ms, ${link.downMbps} / ${link.upMbps} Mbit/s, CPU ÷${link.cpuSlowdown}${identity ? ", no content encoding accepted" : ""}`,
    );
    const blockedUrls = ["*cdn.shopify.com*"];
    // A visit that never reaches `load` within 60 s is counted, its open requests printed, and the run goes on
    // (docs/benchmarks.md says how often and what was seen).
    const visit = (name: string) =>
      firstVisit(browser, urlOf(PAGES[name]), link, { identity, blockedUrls }).catch((error: Error) => {
        console.log(`  ${name}: a visit did not load: ${error.message}`);
        return null;
      });
    for (const name of pages) {
      // A warm-up visit (the server's first render of the page, its caches), not counted.
      await visit(name);
      const visits: Visit[] = [];
      let timedOut = 0;
      for (let run = 0; run < runs; run++) {
        const measured = await visit(name);
        if (measured) visits.push(measured);
        else timedOut++;
      }
      results.push({ page: name, visits, timedOut });
      const lcps = visits.flatMap((visit) => (visit.lcpMs === null ? [] : [visit.lcpMs]));
      console.log(
        `  ${name.padEnd(11)} LCP p50 / p75 ${percentile(lcps, 50)} / ${percentile(lcps, 75)} ms  (${lcps.length}/${runs} measured)`,
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
  }

  const summary = results.map(({ page, visits, timedOut }) => {
    const of = (pick: (visit: Visit) => number | null) =>
      visits.flatMap((visit) => {
        const value = pick(visit);
        return value === null ? [] : [value];
      });
    const lcps = of((visit) => visit.lcpMs);
    return {
      page,
      path: PAGES[page],
      lcpMs: { p50: percentile(lcps, 50), p75: percentile(lcps, 75), max: percentile(lcps, 100) },
      fcpP75Ms: percentile(
        of((visit) => visit.fcpMs),
        75,
      ),
      documentP75Ms: percentile(
        of((visit) => visit.documentMs),
        75,
      ),
      loadP75Ms: percentile(
        of((visit) => visit.loadMs),
        75,
      ),
      transferredKb: Math.round(
        (percentile(
          of((visit) => visit.transferredBytes),
          50,
        ) ?? 0) / 1024,
      ),
      requests: percentile(
        of((visit) => visit.requests),
        50,
      ),
      kbByEncoding: Object.fromEntries(
        Object.entries(visits[0]?.bytesByEncoding ?? {}).map(([encoding, bytes]) => [
          encoding,
          Math.round(bytes / 1024),
        ]),
      ),
      lcpElement: visits.at(-1)?.lcpElement ?? null,
      measured: lcps.length,
      timedOut,
    };
  });
  console.log(
    `\nresults (load average ${loadBefore.toFixed(1)} before / ${os.loadavg()[0].toFixed(1)} after, ${os.cpus().length} CPUs)`,
  );
  const columns = (...cells: unknown[]) =>
    cells.map((cell, i) => String(cell).padEnd([12, 16, 10, 10, 10, 14, 10][i] ?? 0)).join("");
  console.log(
    columns("page", "LCP p50 / p75", "FCP p75", "doc p75", "load p75", "transferred", "requests", "LCP element"),
  );
  for (const row of summary) {
    console.log(
      columns(
        row.page,
        `${row.lcpMs.p50} / ${row.lcpMs.p75} ms`,
        `${row.fcpP75Ms} ms`,
        `${row.documentP75Ms} ms`,
        `${row.loadP75Ms} ms`,
        `${row.transferredKb} KB`,
        row.requests,
        row.lcpElement,
      ),
    );
  }
  console.log(`\n${JSON.stringify({ link, identity, runs, loadAverage: [loadBefore, os.loadavg()[0]], summary })}`);
}
