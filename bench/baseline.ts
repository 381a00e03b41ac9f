/**
 * The yardstick for `npm run bench -- --baseline`: a bare node:http server that does what a webhook receiver must
 * do before it may answer (read the body, check its HMAC, parse it, one durable SQLite insert keyed on the event id)
 * and nothing else. The bench runs it as its own process, fires the same signed webhooks at it as at the app, and
 * prints the app's acknowledgements per second as a share of this server's.
 *
 * Same storage settings as the app: WAL, synchronous = FULL (every commit is fsynced), the libsql driver, one
 * connection used synchronously on the main thread (the naive durable server: one insert, one fsync per webhook).
 */
import { spawn } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface BaselineResult {
  sent: number;
  acknowledged: number;
  acknowledgedPerSecond: number;
  ackLatencyMs: { p50: number | null; p99: number | null };
  peakRssMb: number | null;
  cpuMsPerWebhook: number | null;
  loadAverage: { before: number; after: number };
}

export interface SignedWebhook {
  body: string;
  headers: Record<string, string>;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return null;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 10) / 10;
}

const load = () => Math.round(os.loadavg()[0] * 100) / 100;

/**
 * Starts the baseline server as a child process on a free port, sends it every webhook from `concurrency`
 * senders, stops it and reports what it acknowledged.
 */
export async function measureBaseline(options: {
  secret: string;
  databaseFile: string;
  webhooks: SignedWebhook[];
  concurrency: number;
}): Promise<BaselineResult> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(HERE, "baseline.ts")], {
    env: { ...process.env, BASELINE_SECRET: options.secret, BASELINE_DATABASE: options.databaseFile },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8");
        const match = /"baselineListening":(\d+)/.exec(output);
        if (match) resolve(Number(match[1]));
      });
      child.once("exit", (code) => reject(new Error(`The baseline server exited with code ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/webhooks/orders/create`;
    const latencies: number[] = [];
    const loadBefore = load();
    const cpuBefore = cpuSecondsOf(child.pid!);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < options.webhooks.length) {
          const { body, headers } = options.webhooks[next++];
          const sent = performance.now();
          try {
            const response = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
            await response.arrayBuffer();
            if (response.status === 200) latencies.push(performance.now() - sent);
          } catch {
            // Counted as not acknowledged.
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      sent: options.webhooks.length,
      acknowledged: latencies.length,
      acknowledgedPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
      ackLatencyMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
      peakRssMb: peakRssOf(child.pid!),
      cpuMsPerWebhook: cpuMsPer(child.pid!, cpuBefore, latencies.length),
      loadAverage: { before: loadBefore, after: load() },
    };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

function cpuSecondsOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function cpuMsPer(pid: number, before: number | null, count: number) {
  const after = cpuSecondsOf(pid);
  return before === null || after === null || !count ? null : Math.round(((after - before) * 10_000) / count) / 10;
}

function peakRssOf(pid: number): number | null {
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

async function serve() {
  const secret = process.env.BASELINE_SECRET!;
  // The same driver the app uses, synchronous on this thread.
  const { createClient } = await import("@libsql/client");
  const db = createClient({ url: `file:${process.env.BASELINE_DATABASE}` });
  await db.execute("PRAGMA journal_mode = WAL");
  await db.execute("PRAGMA synchronous = FULL");
  await db.execute(
    `CREATE TABLE IF NOT EXISTS "Webhook" ("shop" TEXT NOT NULL, "eventId" TEXT NOT NULL, "topic" TEXT NOT NULL,
      "payload" TEXT NOT NULL, "receivedAt" TEXT NOT NULL, PRIMARY KEY ("shop", "eventId"))`,
  );
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const raw = Buffer.concat(chunks);
      const given = Buffer.from(String(request.headers["x-shopify-hmac-sha256"] ?? ""), "base64");
      const expected = createHmac("sha256", secret).update(raw).digest();
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        response.writeHead(401).end("Unauthorized");
        return;
      }
      let text: string;
      try {
        text = raw.toString("utf8");
        JSON.parse(text);
      } catch {
        response.writeHead(400).end("Body is not JSON");
        return;
      }
      db.execute({
        sql: `INSERT INTO "Webhook" ("shop", "eventId", "topic", "payload", "receivedAt") VALUES (?, ?, ?, ?, ?)
          ON CONFLICT DO NOTHING`,
        args: [
          String(request.headers["x-shopify-shop-domain"]),
          String(request.headers["x-shopify-event-id"]),
          String(request.headers["x-shopify-topic"]),
          text,
          new Date().toISOString(),
        ],
      }).then(
        () => response.writeHead(200, { "Content-Type": "text/plain" }).end("OK"),
        () => response.writeHead(500).end("Processing failed"),
      );
    });
  });
  server.listen(0, "127.0.0.1", () => {
    process.stdout.write(`${JSON.stringify({ baselineListening: (server.address() as { port: number }).port })}\n`);
  });
  process.once("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await serve();
