/**
 * `npm run chaos`: the kill -9 proof. Fires signed orders/create webhooks at several web processes and
 * worker processes while a random one of them is killed with SIGKILL every few seconds and started again, then
 * waits for the outbox to drain and counts what reached the automation platform.
 *
 *   npm run chaos -- --postgres --web 2 --workers 3     (defaults: 10,000 webhooks, 32 senders, a kill every 2 s)
 *   npm run chaos -- --web 1 --workers 2                SQLite
 *   --count 10000 --concurrency 32 --kill-every 2000 --min-kills 20 --drain 120 --max-send-seconds 600
 *
 * Senders behave like the platform: a webhook that got no 200 (its web process died under it) is sent again with
 * the same event id until one is acknowledged. Printed: acknowledged, triggered, duplicates (raw trigger requests,
 * and after dropping repeats of an Idempotency-Key, as a receiver honouring it does), lost, kills.
 * A benchmark-style script: it reports, and exits 1 only when an acknowledged webhook was lost.
 */
import os from "node:os";
import { sleep } from "../sandbox/lib/http";
import { DEMO_SHOP } from "../sandbox/platform/seed";
import { configureShop, installShop, startStack } from "../sandbox/stack";
import { prepareRun } from "./lib/prepare-run";
import {
  createSignedOrder,
  helpRequested,
  numberOption,
  orderWebhookHeaders,
  postOrderWebhook,
} from "./lib/signed-orders";

const USAGE = `
npm run chaos -- [options]   (npx tsx bench/chaos.ts)
  SIGKILLs a random web or worker process every --kill-every ms while signed orders/create webhooks arrive,
  restarts it, drains the outbox and prints acknowledged, triggered, duplicates, lost and kills.
  --postgres              PostgreSQL (a throwaway cluster) instead of SQLite
  --web N                 web processes (default 1, 2 with --postgres)
  --workers N             worker processes (default 2, 3 with --postgres)
  --count N               webhooks to send (default 10000)
  --concurrency N         concurrent senders (default 32)
  --kill-every MS         a kill every MS milliseconds (default 2000)
  --min-kills N           keep killing until N kills even after sending (default 20)
  --drain S               seconds after the last kill for the outbox to drain (default 120; the lease is 30 s)
  --max-send-seconds S    stop starting new webhooks after S seconds (default: no cap)
Exits 1 only when an acknowledged webhook was lost.
`;

function parseArgs(argv: string[]) {
  const value = (name: string, fallback: number) => numberOption(argv, name, fallback);
  const postgres = argv.includes("--postgres");
  return {
    postgres,
    web: value("web", postgres ? 2 : 1),
    workers: value("workers", postgres ? 3 : 2),
    count: value("count", 10_000),
    concurrency: value("concurrency", 32),
    killEveryMs: value("kill-every", 2_000),
    minKills: value("min-kills", 20),
    // The worker's lease (30 s, DEFAULT_LEASE_MS) must run out for a delivery whose worker died mid-way, and a
    // retry may be due after it: wait well past that.
    drainSeconds: value("drain", 120),
    // Stops starting new webhooks after this long (a loaded machine may not get through `count` in time).
    maxSendSeconds: value("max-send-seconds", Infinity),
  };
}

/** The key a trigger carried, however the automation simulator records it (undefined when none was sent). */
function idempotencyKeyOf(trigger: object): string | undefined {
  const record = trigger as { idempotencyKey?: unknown; headers?: Record<string, unknown> };
  const key = record.idempotencyKey ?? record.headers?.["idempotency-key"] ?? record.headers?.["Idempotency-Key"];
  return typeof key === "string" && key ? key : undefined;
}

async function main() {
  helpRequested(process.argv.slice(2), USAGE);
  const options = parseArgs(process.argv.slice(2));
  const { databaseFile, postgres } = await prepareRun("chaos", { postgres: options.postgres });
  const appErrors = new Map<string, number>();
  const stack = await startStack({
    databaseFile,
    databaseUrl: postgres?.databaseUrl,
    logLevel: "error",
    webProcesses: options.web,
    superviseWeb: true,
    workerProcesses: options.workers,
    onAppLog: (line) => {
      if (line.includes('"msg":"web process') || line.includes('"level":30')) return;
      const message = line.slice(0, 140);
      appErrors.set(message, (appErrors.get(message) ?? 0) + 1);
    },
    extraEnv: {
      CALLBACK_RATE_LIMIT_BURST: "100000",
      CALLBACK_RATE_LIMIT_PER_SECOND: "10000",
      WORKER_POLL_INTERVAL_MS: "100",
    },
  });
  const stop = async () => {
    await stack.stop();
    postgres?.stop();
  };
  process.once("SIGINT", () => void stop().then(() => process.exit(130)));

  try {
    await installShop(stack, DEMO_SHOP);
    await configureShop(stack, DEMO_SHOP);
    // Triggers only: callbacks would add tagging load that says nothing about exactly-once delivery.
    await fetch(`${stack.automationUrl}/sim/mode`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ callback: { status: "none" } }),
    });
    const shop = stack.platform.shopState(DEMO_SHOP);
    const orders = Array.from({ length: options.count }, () => createSignedOrder(shop));

    const acked = new Set<string>();
    let resends = 0;
    let sending = true;
    const send = async (order: (typeof orders)[number]) => {
      // The platform keeps retrying an unacknowledged webhook for hours; here a sender gives up after 5 minutes.
      const giveUpAt = Date.now() + 5 * 60_000;
      for (let attempt = 1; Date.now() < giveUpAt; attempt++) {
        try {
          const headers = orderWebhookHeaders(order.body, { eventId: order.eventId, webhookId: order.eventId });
          if ((await postOrderWebhook(stack.appUrl, order.body, headers, 15_000)) === 200) {
            acked.add(order.name);
            return;
          }
        } catch {
          // The web process died under the request, or the port had no live process for a moment.
        }
        resends++;
        await sleep(Math.min(2_000, 100 * attempt));
      }
    };

    // The killer: a random web or worker process every killEveryMs while sending, and on until minKills.
    const kills = { web: 0, worker: 0 };
    let lastKillAt = Date.now();
    const killer = (async () => {
      while (sending || kills.web + kills.worker < options.minKills) {
        await sleep(options.killEveryMs);
        // One slot per process the fleet should have, so web and worker processes are picked as often as they exist.
        const slot = Math.floor(Math.random() * (options.web + options.workers));
        if (slot < options.web) {
          const pid = [...stack.webPids][slot];
          try {
            if (pid === undefined) continue; // that web process is still being replaced
            process.kill(pid, "SIGKILL");
            kills.web++;
          } catch {
            continue; // already gone
          }
        } else {
          stack.killWorker(slot - options.web);
          kills.worker++;
        }
        lastKillAt = Date.now();
      }
    })();

    console.log(
      `sending ${options.count} webhooks with ${options.concurrency} senders to ${options.web} web + ${options.workers} worker processes on ${options.postgres ? "PostgreSQL" : "SQLite"}, a SIGKILL every ${options.killEveryMs} ms...`,
    );
    const started = performance.now();
    let next = 0;
    let lastReport = Date.now();
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < orders.length && performance.now() - started < options.maxSendSeconds * 1000) {
          await send(orders[next++]);
          if (Date.now() - lastReport > 15_000) {
            lastReport = Date.now();
            console.log(`  ${acked.size} acknowledged, ${kills.web + kills.worker} kills so far`);
          }
        }
      }),
    );
    sending = false;
    const sendSeconds = (performance.now() - started) / 1000;
    await killer;
    console.log(`sent in ${Math.round(sendSeconds)} s; ${kills.web + kills.worker} kills; draining...`);

    const triggeredNames = () => new Set(stack.automation.triggers.map((t) => String(t.payload.orderName)));
    const drainUntil = lastKillAt + options.drainSeconds * 1000;
    while (Date.now() < drainUntil && [...acked].some((name) => !triggeredNames().has(name))) await sleep(500);
    // Late duplicates (a lease running out after the first delivery) would come in now: give them a moment.
    await sleep(2_000);

    // What the automation platform received: the triggers it ran, and the repeats of an Idempotency-Key it had
    // already run, which it answered without running them again (`dropped`).
    const ran = new Map<string, number>();
    for (const trigger of stack.automation.triggers) {
      const name = String(trigger.payload.orderName);
      ran.set(name, (ran.get(name) ?? 0) + 1);
    }
    const withKey =
      stack.automation.triggers.filter((trigger) => idempotencyKeyOf(trigger)).length + stack.automation.dropped.length;
    const rawTriggers = stack.automation.triggers.length + stack.automation.dropped.length;
    const result = {
      machine: { cpus: os.cpus().length, loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100 },
      options,
      sent: next,
      acknowledged: acked.size,
      resends,
      sendSeconds: Math.round(sendSeconds),
      triggerRequests: rawTriggers,
      triggeredOrders: ran.size,
      duplicatesRaw: rawTriggers - ran.size,
      triggersCarryingIdempotencyKey: withKey,
      // Flows run twice for one order: what a merchant's buyer would see as a second message.
      duplicatesAfterIdempotencyKey: stack.automation.triggers.length - ran.size,
      lost: [...acked].filter((name) => !ran.has(name)).length,
      kills: { total: kills.web + kills.worker, ...kills },
      appErrors: Object.fromEntries([...appErrors].slice(0, 10)),
    };
    const row = (label: string, value: unknown) => console.log(`  ${label.padEnd(44)} ${String(value)}`);
    console.log("\nchaos results");
    row(
      "setup",
      `${options.postgres ? "PostgreSQL" : "SQLite"}, ${options.web} web + ${options.workers} worker processes, ${options.concurrency} senders`,
    );
    row("machine load average (1 min) at the end", result.machine.loadAverage1m);
    row("sent / acknowledged (resends after no answer)", `${result.sent} / ${result.acknowledged} (${resends})`);
    row("sending took", `${result.sendSeconds} s`);
    row("kills (web / worker)", `${result.kills.total} (${kills.web} / ${kills.worker})`);
    row("trigger requests / orders triggered", `${rawTriggers} / ${ran.size}`);
    row("duplicates: raw", result.duplicatesRaw);
    row(
      "duplicates: after dropping repeated Idempotency-Key",
      withKey
        ? result.duplicatesAfterIdempotencyKey
        : `${result.duplicatesAfterIdempotencyKey} (no trigger carried a key)`,
    );
    row("repeats the receiver dropped by Idempotency-Key", stack.automation.dropped.length);
    row("lost (acknowledged, never triggered)", result.lost);
    for (const [message, count] of appErrors) row(`app logged ×${count}`, message);
    console.log(`\n${JSON.stringify(result)}`);
    if (result.lost > 0) process.exitCode = 1;
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
