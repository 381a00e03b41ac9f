/**
 * `npm run outage`: the automation platform fails while orders keep arriving, then comes back; counts what the
 * merchant's flow received. The app's production build with the sandbox's simulators on free ports and a fresh
 * SQLite file, as `npm run bench` runs it; a TCP proxy in front of the automation simulator plays the outages.
 *
 *   npm run outage -- --phase 20 --rate 5 --drain 420
 *
 * Phases, each `--phase` seconds, with `--rate` signed orders/create webhooks a second throughout:
 *   normal -> 5xx (the platform answers 503) -> hanging (connections accepted, never answered)
 *   -> refusing (nothing listens) -> back (normal again), then up to `--drain` seconds for the retries.
 * The retry schedule (docs/decisions/010) waits 5 s, then 5 min: orders that failed twice arrive about 5 minutes
 * after their first attempt, so a full run takes about 7 minutes. Prints a table and the figures as JSON; it never
 * fails on its figures (it is a measurement, not a test). "Seconds to flow": from the recovery for an order sent
 * during an outage, from its sending for the others, to the first trigger the platform accepted.
 */
import { createServer as createTcpServer, connect, type Server, type Socket } from "node:net";
import { freePort, sleep } from "../sandbox/lib/http";
import { DEMO_SHOP } from "../sandbox/platform/seed";
import { configureShop, installShop, startStack } from "../sandbox/stack";
import { prepareRun } from "./lib/prepare-run";
import {
  createSignedOrder,
  helpRequested,
  numberOption as option,
  orderWebhookHeaders,
  postOrderWebhook,
} from "./lib/signed-orders";

const USAGE = `
npm run outage -- [options]   (npx tsx bench/outage.ts)
  The automation platform answers 503, then hangs, then refuses connections, then comes back, one phase each,
  while signed orders arrive; prints acknowledged, lost, duplicates and seconds to flow per phase.
  --phase S    seconds per phase (default 20)
  --rate N     orders/create webhooks a second (default 5)
  --drain S    seconds to wait for retries after the last phase (default 420; the second retry comes after 5 min)
`;

type Phase = "normal" | "5xx" | "hanging" | "refusing" | "back";
const PHASES: Phase[] = ["normal", "5xx", "hanging", "refusing", "back"];

/**
 * A TCP proxy to the automation simulator that can forward, hang (accept and never answer) or refuse (stop
 * listening, so connections are refused).
 */
class OutageProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  mode: "forward" | "hang" = "forward";

  constructor(
    readonly port: number,
    private readonly target: number,
  ) {}

  async listen() {
    if (this.server) return;
    const server = createTcpServer((client) => {
      this.sockets.add(client);
      client.on("close", () => this.sockets.delete(client));
      client.on("error", () => client.destroy());
      if (this.mode === "hang") return; // read nothing, answer nothing
      const upstream = connect(this.target, "127.0.0.1");
      this.sockets.add(upstream);
      upstream.on("close", () => this.sockets.delete(upstream));
      upstream.on("error", () => client.destroy());
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.server = server;
  }

  /** Ends every open connection (a hanging one included), as a platform coming back or going away does. */
  dropConnections() {
    for (const socket of this.sockets) socket.destroy();
  }

  async refuse() {
    const server = this.server;
    this.server = null;
    this.dropConnections();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

async function main() {
  const argv = process.argv.slice(2);
  helpRequested(argv, USAGE);
  const phaseSeconds = option(argv, "phase", 20);
  const rate = option(argv, "rate", 5);
  const drainSeconds = option(argv, "drain", 420);

  const { databaseFile } = await prepareRun("outage");

  const automationPort = await freePort();
  const proxy = new OutageProxy(await freePort(), automationPort);
  await proxy.listen();
  const stack = await startStack({
    databaseFile,
    logLevel: "error",
    ports: { automation: automationPort },
    extraEnv: { AUTOMATION_API_URL: `http://127.0.0.1:${proxy.port}` },
  });
  process.once("SIGINT", () => void stack.stop().then(() => process.exit(130)));

  try {
    await installShop(stack, DEMO_SHOP);
    const configured = await configureShop(stack, DEMO_SHOP);
    if (configured.find((step) => step.step === "automation")?.status !== 200) {
      throw new Error("the automation settings were refused; the app cannot trigger flows");
    }
    const simMode = (body: unknown) =>
      fetch(`${stack.automationUrl}/sim/mode`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    // Triggers only: callbacks would add tagging load that says nothing about the outage.
    await simMode({ trigger: { kind: "ok" }, callback: { status: "none" } });

    const shop = stack.platform.shopState(DEMO_SHOP);
    const sent: { name: string; phase: Phase; at: number; acked: boolean }[] = [];
    const sendOrder = async (phase: Phase) => {
      const { name, body } = createSignedOrder(shop);
      const record = { name, phase, at: Date.now(), acked: false };
      sent.push(record);
      try {
        const headers = orderWebhookHeaders(body, { triggeredAt: false });
        record.acked = (await postOrderWebhook(stack.appUrl, body, headers, 10_000)) === 200;
      } catch {
        record.acked = false;
      }
    };

    const phaseStarted: Record<string, number> = {};
    const inflight: Promise<void>[] = [];
    for (const phase of PHASES) {
      phaseStarted[phase] = Date.now();
      if (phase === "5xx") await simMode({ trigger: { kind: "error", status: 503 } });
      if (phase === "hanging") {
        await simMode({ trigger: { kind: "ok" } });
        proxy.mode = "hang";
        // The app's keep-alive connections would go on reaching the platform: they end, and the new ones hang.
        proxy.dropConnections();
      }
      if (phase === "refusing") await proxy.refuse();
      if (phase === "back") {
        proxy.mode = "forward";
        await proxy.listen();
      }
      console.log(`${new Date().toISOString()} phase ${phase} (${phaseSeconds} s)`);
      const until = Date.now() + phaseSeconds * 1000;
      for (let index = 0; Date.now() < until; index++) {
        inflight.push(sendOrder(phase));
        await sleep(1000 / rate);
      }
    }
    await Promise.all(inflight);
    const recoveredAt = phaseStarted.back;

    const successes = () => {
      const counts = new Map<string, { count: number; firstAt: number }>();
      for (const trigger of stack.automation.triggers) {
        if (trigger.answered !== 200) continue;
        const name = String(trigger.payload.orderName);
        const at = Date.parse(trigger.receivedAt);
        const entry = counts.get(name);
        counts.set(name, { count: (entry?.count ?? 0) + 1, firstAt: Math.min(entry?.firstAt ?? at, at) });
      }
      return counts;
    };
    const acked = sent.filter((order) => order.acked);
    console.log(`draining: up to ${drainSeconds} s for ${acked.length} acknowledged orders to reach the flow...`);
    const drainUntil = Date.now() + drainSeconds * 1000;
    while (Date.now() < drainUntil && acked.some((order) => !successes().has(order.name))) await sleep(1000);

    const delivered = successes();
    const rows = PHASES.map((phase) => {
      const orders = acked.filter((order) => order.phase === phase);
      const arrived = orders.filter((order) => delivered.has(order.name));
      // An order sent during an outage is measured from the recovery, the others from their sending.
      const outage = phase !== "normal" && phase !== "back";
      const afterRecovery = arrived
        .map((order) => (delivered.get(order.name)!.firstAt - (outage ? recoveredAt : order.at)) / 1000)
        .sort((a, b) => a - b);
      return {
        phase,
        sent: sent.filter((order) => order.phase === phase).length,
        acked: orders.length,
        delivered: arrived.length,
        lost: orders.length - arrived.length,
        duplicates: arrived.filter((order) => delivered.get(order.name)!.count > 1).length,
        secondsToFlowP50: afterRecovery.length ? afterRecovery[Math.floor(afterRecovery.length / 2)] : null,
        secondsToFlowMax: afterRecovery.length ? afterRecovery[afterRecovery.length - 1] : null,
      };
    });
    const attempts = stack.automation.triggers.length;
    const figures = {
      phaseSeconds,
      rate,
      acked: acked.length,
      lost: rows.reduce((total, row) => total + row.lost, 0),
      duplicates: rows.reduce((total, row) => total + row.duplicates, 0),
      triggerAttemptsSeenByPlatform: attempts,
      phases: rows,
    };
    console.table(rows);
    console.log(
      `acknowledged ${figures.acked}, lost ${figures.lost}, duplicates ${figures.duplicates}; the platform saw ${attempts} trigger attempts`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    await proxy.refuse();
    await stack.stop();
  }
}

await main();
