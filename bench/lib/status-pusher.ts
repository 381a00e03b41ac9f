/**
 * A worker thread of bench/journey.ts: posts the marketplace's status pushes in batches, each batch all at once at
 * its due time, and times each acknowledgement. A thread of its own, so that the simulators answering the app in
 * the bench's main thread never delay the sending or the timing.
 */
import { parentPort, workerData } from "node:worker_threads";

interface Job {
  url: string;
  /** Batches of JSON bodies, each with its due time in ms from the start. */
  batches: { dueMs: number; bodies: string[] }[];
}

const { url, batches } = workerData as Job;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run() {
  const acks: number[] = [];
  const statuses: Record<string, number> = {};
  let duplicates = 0;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (const batch of batches) {
    const wait = started + batch.dueMs - performance.now();
    if (wait > 1) await sleep(wait);
    for (const body of batch.bodies) {
      inflight.push(
        (async () => {
          const sent = performance.now();
          let status = "no answer";
          try {
            const response = await fetch(url, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body,
              signal: AbortSignal.timeout(10_000),
            });
            status = String(response.status);
            const answer = (await response.json()) as { duplicate?: boolean };
            if (response.status === 200) {
              acks.push(performance.now() - sent);
              if (answer.duplicate) duplicates++;
            }
          } catch {
            // Counted below as "no answer" (or the status it had when its body could not be read).
          }
          statuses[status] = (statuses[status] ?? 0) + 1;
        })(),
      );
    }
  }
  await Promise.all(inflight);
  parentPort!.postMessage({ acks, statuses, duplicates, seconds: (performance.now() - started) / 1000 });
}

void run();
