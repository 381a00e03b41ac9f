import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { http, passthrough } from "msw";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { sleep, type Listening } from "../../sandbox/lib/http";
import { createSupplierSimulator, SANDBOX_SUPPLIER_TOKEN } from "../../sandbox/supplier/server";
import { server as msw } from "../mocks/server";

/** msw guards every outgoing request in unit tests: these loopback simulators are real and let through. */
export function letThrough(...origins: string[]) {
  for (const origin of origins) msw.use(http.all(`${new URL(origin).origin}/*`, () => passthrough()));
}

/** Stands in for the app's status receiver: records every push, answers `status` (200 unless told). */
export async function statusReceiver() {
  const received: { status: string; body: Record<string, unknown>; at: number }[] = [];
  let answer = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      received.push({ status: String(body.status), body, at: Date.now() });
      response.writeHead(answer, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`,
    received,
    answer: (status: number) => (answer = status),
    statuses: () => received.map((push) => push.status),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A supplier order as the simulator answers it (the fields the tests read). */
export interface OrderAnswer {
  id: number;
  status: string;
  shop_order_id: string;
  shipping_guide: string | null;
  shipping_company: string | null;
  created_at: string;
  history: { status: string; notes: string; created_at: string }[];
  [field: string]: unknown;
}

/** Any simulator answer, read loosely: each test's assertions check the shape it relies on. */
export interface Answer {
  objects: OrderAnswer;
  order: OrderAnswer;
  orders: OrderAnswer[];
  walked: string[];
  pushes: { attempt: number; status: string }[];
  dropped: { status: string }[];
  held: unknown[];
  released: number;
  calls: Record<string, unknown>;
  placed: unknown[];
  [field: string]: unknown;
}

export async function call(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "Content-Type": "application/json", ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer };
}

/** Waits until `check` stops throwing (pushes travel over real HTTP). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > end) throw error;
      await sleep(20);
    }
  }
}

/** A create-order body as public integrations send it. */
export function orderBody(shopOrderId: string, overrides: Record<string, unknown> = {}) {
  return {
    calculate_costs_and_shiping: true,
    state: "CUNDINAMARCA",
    city: "BOGOTA",
    name: "Laura",
    surname: "Gómez",
    dir: "Calle 45 # 12-30 apto 301",
    phone: "3108045704",
    client_email: "",
    notes: "",
    payment_method_id: 1,
    rate_type: "CON RECAUDO",
    type: "FINAL_ORDER",
    total_order: 89900,
    shop_order_id: shopOrderId,
    products: [{ id: 88123, variation_id: 10234, quantity: 1, price: "89900.00" }],
    ...overrides,
  };
}

/**
 * A supplier simulator listening for the test file, and before each test a fresh status receiver registered for the
 * sandbox's token, the simulator reset, and its pushes let through msw. After each test its pushes have landed.
 */
export function supplierStack() {
  const stack = {
    simulator: createSupplierSimulator(),
    base: "",
    receiver: undefined as unknown as Awaited<ReturnType<typeof statusReceiver>>,
  };
  let server: Listening;
  beforeAll(async () => {
    server = await stack.simulator.listen();
    stack.base = server.url;
  });
  afterAll(async () => {
    await stack.simulator.orders.pusher.settled();
    await server.close();
    await stack.receiver?.close();
  });
  // A test's pushes land before msw's pass-through for its receiver is reset.
  afterEach(() => stack.simulator.orders.pusher.settled());
  beforeEach(async () => {
    await stack.receiver?.close();
    stack.receiver = await statusReceiver();
    letThrough(stack.base, stack.receiver.url);
    await call(stack.base, "/sim/reset", { body: {} });
    await call(stack.base, "/sim/status-webhook", { body: { token: SANDBOX_SUPPLIER_TOKEN, url: stack.receiver.url } });
  });
  return stack;
}
