/**
 * A worker thread of bench/backlog.ts: posts the signed webhooks it is given at their due times and times each
 * acknowledgement. A thread of its own, so that the simulators answering the app in the bench's main thread (a
 * day's listing for the 24-hour check) never delay the sending or the timing.
 */
import { parentPort, workerData } from "node:worker_threads";
import { postOrderWebhook } from "./signed-orders";

interface Job {
  appUrl: string;
  rate: number;
  webhooks: { body: string; headers: Record<string, string> }[];
}

const { appUrl, rate, webhooks } = workerData as Job;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run() {
  const acks: number[] = [];
  let failed = 0;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (const [index, webhook] of webhooks.entries()) {
    const wait = started + (index * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    inflight.push(
      (async () => {
        const sent = performance.now();
        try {
          if ((await postOrderWebhook(appUrl, webhook.body, webhook.headers, 10_000)) === 200) {
            acks.push(performance.now() - sent);
          } else failed++;
        } catch {
          failed++;
        }
      })(),
    );
  }
  await Promise.all(inflight);
  parentPort!.postMessage({ acks, failed });
}

void run();
