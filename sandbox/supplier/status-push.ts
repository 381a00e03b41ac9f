import { sleep } from "../lib/http";
import { statusWebhookBody, type SupplierOrder } from "./orders";

/**
 * The status webhook: each status change POSTed as JSON to the URL the merchant registered for the account's
 * token (as pasted in the marketplace's panel), with switches for what a real network does to it. The real
 * marketplace documents no retries and no signature (docs/decisions/325): by default a refused push is not sent
 * again; `retries` switches retrying on.
 */

export interface PushSwitches {
  /** The next n pushes are lost (never sent). */
  dropNext: number;
  /** Every push is lost while true. */
  dropAll: boolean;
  /** Each push waits this long before it is sent. */
  delayMs: number;
  /** Each push is sent this many times (3 is the marketplace's triple delivery). */
  copies: number;
  /** Pushes are held and sent newest first, `reorderBatch` at a time (or on POST /sim/status-webhook/flush). */
  reorder: boolean;
  reorderBatch: number;
  /** A push the receiver refuses (not 2xx, or no answer) is sent again this many times, `retryDelayMs` apart. */
  retries: number;
  retryDelayMs: number;
}

export const DEFAULT_SWITCHES: PushSwitches = {
  dropNext: 0,
  dropAll: false,
  delayMs: 0,
  copies: 1,
  reorder: false,
  reorderBatch: 2,
  retries: 0,
  retryDelayMs: 1000,
};

export interface PushRecord {
  orderId: number;
  status: string;
  url: string;
  attempt: number;
  httpStatus: number | null;
  error: string | null;
  at: string;
}

export interface DroppedPush {
  orderId: number;
  status: string;
  at: string;
}

type Body = ReturnType<typeof statusWebhookBody>;

const bound = (value: unknown, min: number, max: number, fallback: number) => {
  const number = Number(value);
  return Number.isFinite(number) ? Math.min(max, Math.max(min, Math.floor(number))) : fallback;
};

export function createStatusPusher(options: { emit?: (message: string) => void } = {}) {
  const emit = options.emit ?? (() => undefined);
  const urls = new Map<string, string>();
  const pushes: PushRecord[] = [];
  const dropped: DroppedPush[] = [];
  let held: { url: string; body: Body }[] = [];
  let switches: PushSwitches = { ...DEFAULT_SWITCHES };
  const inFlight = new Set<Promise<void>>();

  async function send(url: string, body: Body) {
    for (let attempt = 1; attempt <= 1 + switches.retries; attempt++) {
      const record: PushRecord = {
        orderId: body.id,
        status: body.status,
        url,
        attempt,
        httpStatus: null,
        error: null,
        at: new Date().toISOString(),
      };
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        record.httpStatus = response.status;
        await response.arrayBuffer();
      } catch (error) {
        record.error = error instanceof Error ? error.message : String(error);
      }
      pushes.push(record);
      emit(`status push ${body.status} for order ${body.id} → ${record.httpStatus ?? record.error}`);
      if (record.httpStatus !== null && record.httpStatus < 300) return;
      if (attempt <= switches.retries) await sleep(switches.retryDelayMs);
    }
  }

  /** Pushes to one URL go one after another, in the order the statuses changed (unless reordering says not). */
  const queues = new Map<string, Promise<void>>();

  function deliver(url: string, body: Body) {
    const copies = switches.copies;
    const delayMs = switches.delayMs;
    const task = (queues.get(url) ?? Promise.resolve()).then(async () => {
      if (delayMs) await sleep(delayMs);
      // The copies go at once, as a marketplace that fires its hook more than once does.
      await Promise.all(Array.from({ length: copies }, () => send(url, body)));
    });
    queues.set(url, task);
    inFlight.add(task);
    void task.finally(() => {
      inFlight.delete(task);
      if (queues.get(url) === task) queues.delete(url);
    });
  }

  function flush() {
    const batch = held.reverse();
    held = [];
    for (const { url, body } of batch) deliver(url, body);
    return batch.length;
  }

  /** Called on every status change of an order. */
  function statusChanged(order: SupplierOrder) {
    const url = urls.get(order.token);
    if (!url) return;
    const body = statusWebhookBody(order);
    if (switches.dropAll || switches.dropNext > 0) {
      if (!switches.dropAll) switches.dropNext--;
      dropped.push({ orderId: order.id, status: order.status, at: new Date().toISOString() });
      emit(`status push ${order.status} for order ${order.id} dropped`);
      return;
    }
    if (switches.reorder) {
      held.push({ url, body });
      if (held.length >= switches.reorderBatch) flush();
      return;
    }
    deliver(url, body);
  }

  return {
    statusChanged,
    flush,
    register(token: string, url: string | null) {
      if (url) urls.set(token, url);
      else urls.delete(token);
    },
    configure(input: Partial<Record<keyof PushSwitches, unknown>>) {
      const next = { ...switches };
      if (input.dropNext !== undefined) next.dropNext = bound(input.dropNext, 0, 1000, 0);
      if (typeof input.dropAll === "boolean") next.dropAll = input.dropAll;
      if (input.delayMs !== undefined) next.delayMs = bound(input.delayMs, 0, 60_000, 0);
      if (input.copies !== undefined) next.copies = bound(input.copies, 1, 10, 1);
      if (typeof input.reorder === "boolean") next.reorder = input.reorder;
      if (input.reorderBatch !== undefined) next.reorderBatch = bound(input.reorderBatch, 2, 100, 2);
      if (input.retries !== undefined) next.retries = bound(input.retries, 0, 10, 0);
      if (input.retryDelayMs !== undefined) next.retryDelayMs = bound(input.retryDelayMs, 0, 60_000, 1000);
      switches = next;
      // Switching reordering off releases what it held, so nothing is lost.
      if (!switches.reorder && held.length) flush();
      return switches;
    },
    state: () => ({
      registrations: [...urls].map(([token, url]) => ({ token, url })),
      switches,
      pushes,
      dropped,
      held: held.map(({ body }) => ({ orderId: body.id, status: body.status })),
    }),
    /** Resolves once every push under way has been answered (or given up). */
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    reset() {
      urls.clear();
      pushes.length = 0;
      dropped.length = 0;
      held = [];
      switches = { ...DEFAULT_SWITCHES };
    },
  };
}

export type StatusPusher = ReturnType<typeof createStatusPusher>;
