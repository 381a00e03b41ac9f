/**
 * The holds chaos proof's moves on the sandbox (bench/chaos-holds.ts): the shop's holds turned on, JSON posted to
 * a simulator, work spread over a few senders, and a wait for a condition.
 */
import { sleep } from "../../sandbox/lib/http";
import { DEMO_SHOP } from "../../sandbox/platform/seed";
import { adminFetch, type Stack } from "../../sandbox/stack";

export const post = (url: string, body: unknown) =>
  fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

/** Runs `work` over `items`, `concurrency` at a time. */
export async function each<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Waits until `done()` holds or `seconds` pass; returns whether it held. */
export async function waitFor(done: () => Promise<boolean>, seconds: number) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await done()) return true;
    await sleep(500);
  }
  return done();
}

/** Holds on for cash-on-delivery orders, the buyer's "confirmed" releasing them; the buyer answers only when told. */
export async function holdsOn(stack: Stack) {
  const save = async (pathname: string, fields: Record<string, string>) => {
    const response = await adminFetch(stack, DEMO_SHOP, pathname, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
    if (response.status !== 200) throw new Error(`${pathname}: HTTP ${response.status} ${await response.text()}`);
  };
  // The buyer's "confirmed" releases the hold; a refusal would keep it (nothing here refuses).
  await save("/api/answer-rules", { rules: JSON.stringify([{ answer: "confirmed", status: "confirmed" }]) });
  await save("/api/hold-settings", {
    enabled: "true",
    codOnly: "true",
    codGateways: JSON.stringify(["Cash on Delivery (COD)"]),
    onRefused: "keep",
    noAnswerHours: "0",
    onNoAnswer: "keep",
    notifyCustomer: "false",
  });
  // Triggers answer at once; the buyer answers only when told (POST /sim/answer), after every order is held.
  const mode = await post(`${stack.automationUrl}/sim/mode`, { trigger: { kind: "ok" }, callback: { status: "none" } });
  if (mode.status !== 200) throw new Error(`automation mode: HTTP ${mode.status}`);
}
