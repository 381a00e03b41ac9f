import type { Browser } from "playwright-core";

/** A mobile link as Chromium's DevTools emulates it: latency added to every request, throughput capped both ways. */
export interface Link {
  rttMs: number;
  downMbps: number;
  upMbps: number;
  /** Chromium's CPU slow-down factor (Emulation.setCPUThrottlingRate). */
  cpuSlowdown: number;
}

export interface Visit {
  /** Largest contentful paint, from the navigation's start (ms). */
  lcpMs: number | null;
  /** What the LCP was: the element's tag and the start of its text. */
  lcpElement: string | null;
  fcpMs: number | null;
  /** The document's last byte, from the navigation's start (ms). */
  documentMs: number;
  loadMs: number;
  /** Bytes on the wire (headers and bodies) of every request the page made, and how many. */
  transferredBytes: number;
  requests: number;
  /** Bytes on the wire by content encoding of the answer ("identity" when none). */
  bytesByEncoding: Record<string, number>;
}

/**
 * One first visit (a fresh browser context: empty cache, no connection open) to `url` over the throttled link.
 * `identity`: the browser accepts no content encoding (what a server that never compresses sends).
 */
export async function firstVisit(
  browser: Browser,
  url: string,
  link: Link,
  options: { identity?: boolean; blockedUrls?: string[] } = {},
): Promise<Visit> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "es",
    // The platform library answers 410 to bots, and "HeadlessChrome" is one: present as the desktop browser it is.
    userAgent: `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const encodings = new Map<string, string>();
    let transferredBytes = 0;
    let requests = 0;
    const bytesByEncoding: Record<string, number> = {};
    // Requests sent and not yet finished, with the bytes each has received: what a visit that never reaches `load`
    // is waiting for.
    const pending = new Map<string, { url: string; status?: number; bytes: number }>();
    cdp.on("Network.requestWillBeSent", (event) => pending.set(event.requestId, { url: event.request.url, bytes: 0 }));
    cdp.on("Network.dataReceived", (event) => {
      const request = pending.get(event.requestId);
      if (request) request.bytes += event.encodedDataLength;
    });
    cdp.on("Network.loadingFailed", (event) => pending.delete(event.requestId));
    cdp.on("Network.responseReceived", (event) => {
      const request = pending.get(event.requestId);
      if (request) request.status = event.response.status;
      const headers = Object.fromEntries(
        Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
      );
      encodings.set(event.requestId, headers["content-encoding"] ?? "identity");
    });
    cdp.on("Network.loadingFinished", (event) => {
      pending.delete(event.requestId);
      requests++;
      transferredBytes += event.encodedDataLength;
      const encoding = encodings.get(event.requestId) ?? "identity";
      bytesByEncoding[encoding] = (bytesByEncoding[encoding] ?? 0) + event.encodedDataLength;
    });
    await cdp.send("Network.enable");
    if (options.blockedUrls?.length) await cdp.send("Network.setBlockedURLs", { urls: options.blockedUrls });
    if (options.identity) {
      await cdp.send("Network.setExtraHTTPHeaders", { headers: { "Accept-Encoding": "identity" } });
    }
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: link.rttMs,
      downloadThroughput: (link.downMbps * 1_000_000) / 8,
      uploadThroughput: (link.upMbps * 1_000_000) / 8,
      connectionType: "cellular4g",
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: link.cpuSlowdown });
    await page.goto(url, { waitUntil: "load", timeout: 60_000 }).catch((error: Error) => {
      const waiting = [...pending.values()].map(
        ({ url, status, bytes }) => `${url} (${status ? `HTTP ${status}, ${bytes} bytes in` : "no answer yet"})`,
      );
      throw new Error(`${error.message.split("\n")[0]}; still loading: ${waiting.join(", ") || "nothing"}`);
    });
    // Hydration and the first effects run after `load`; LCP can still move until the page is quiet.
    await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => undefined);
    const timings = await page.evaluate(
      () =>
        new Promise<{ lcp: number | null; element: string | null; fcp: number | null; doc: number; load: number }>(
          (resolve) => {
            const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
            const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
            const base = { fcp, doc: navigation.responseEnd, load: navigation.loadEventEnd };
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
              const element = last?.element
                ? `${last.element.tagName.toLowerCase()} "${(last.element.textContent ?? "").trim().slice(0, 40)}"`
                : null;
              resolve({ ...base, lcp: last?.startTime ?? null, element });
            }).observe({ type: "largest-contentful-paint", buffered: true });
            setTimeout(() => resolve({ ...base, lcp: null, element: null }), 2_000);
          },
        ),
    );
    return {
      lcpMs: timings.lcp === null ? null : Math.round(timings.lcp),
      lcpElement: timings.element,
      fcpMs: timings.fcp === null ? null : Math.round(timings.fcp),
      documentMs: Math.round(timings.doc),
      loadMs: Math.round(timings.load),
      transferredBytes,
      requests,
      bytesByEncoding,
    };
  } finally {
    await context.close();
  }
}
