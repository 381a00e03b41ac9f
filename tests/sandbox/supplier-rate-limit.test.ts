import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sleep, type Listening } from "../../sandbox/lib/http";
import { createSupplierSimulator, SANDBOX_SUPPLIER_TOKEN } from "../../sandbox/supplier/server";
import { call, letThrough, orderBody } from "./supplier-helpers";

const KEY = { "supplier-integration-key": SANDBOX_SUPPLIER_TOKEN };

describe("the supplier simulator's per-token limit", () => {
  const simulator = createSupplierSimulator();
  let server: Listening;
  let base = "";

  beforeAll(async () => {
    server = await simulator.listen();
    base = server.url;
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    letThrough(base);
    await call(base, "/sim/reset", { body: {} });
    await call(base, "/sim/accounts", { body: { token: "second-account" } });
  });

  const read = (id: number, token = SANDBOX_SUPPLIER_TOKEN) =>
    call(base, `/orders/myorders/${id}`, { headers: { "supplier-integration-key": token } });

  it("answers 60 calls a minute, then 429 Too Many Attempts and a lockout, counted per token", async () => {
    const { id } = (await call(base, "/integrations/orders/myorders", { body: orderBody("1"), headers: KEY })).body
      .objects;
    const answers: number[] = [];
    for (let n = 0; n < 59; n++) answers.push((await read(id)).status);
    expect(answers.every((status) => status === 200)).toBe(true);
    const refused = await read(id);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: "Too Many Attempts." });
    expect(Number(refused.headers.get("retry-after"))).toBe(3 * 60 * 60);
    // Another account's token is not this one's budget.
    expect((await read(id, "second-account")).status).toBe(404);
    const state = (await call(base, "/sim/state")).body;
    expect(state.calls[SANDBOX_SUPPLIER_TOKEN]).toMatchObject({ total: 61, allowed: 60, refused: 1, lockouts: 1 });
    expect(state.calls["second-account"]).toMatchObject({ total: 1, allowed: 1, refused: 0 });
    expect(state.rateLimit).toEqual({ limit: 60, windowMs: 60_000, lockoutMs: 10_800_000 });
  });

  it("keeps a locked-out token refused for the whole lockout, then answers again", async () => {
    await call(base, "/sim/rate-limit", { body: { limit: 3, windowMs: 60_000, lockoutMs: 400 } });
    const { id } = (await call(base, "/integrations/orders/myorders", { body: orderBody("1"), headers: KEY })).body
      .objects;
    expect((await read(id)).status).toBe(200);
    expect((await read(id)).status).toBe(200);
    expect((await read(id)).status).toBe(429);
    await sleep(150);
    // Still locked out, however slowly the client calls: the window does not reopen by itself.
    const locked = await read(id);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(1);
    await sleep(350);
    expect((await read(id)).status).toBe(200);
    expect((await call(base, "/sim/state")).body.calls[SANDBOX_SUPPLIER_TOKEN]).toMatchObject({
      total: 6,
      allowed: 4,
      refused: 2,
      lockouts: 1,
      lockedUntil: null,
    });
  });

  it("forgets counts and lockouts on command", async () => {
    await call(base, "/sim/rate-limit", { body: { limit: 1 } });
    await read(1);
    expect((await read(1)).status).toBe(429);
    await call(base, "/sim/rate-limit", { body: { clear: true } });
    expect((await read(1)).status).toBe(404);
  });
});
