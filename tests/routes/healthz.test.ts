import { describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { loader } from "~/routes/healthz";

describe("GET /healthz", () => {
  it("answers 200 { ok: true } when the database answers", async () => {
    const response = await loader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("answers 503 when the database does not", async () => {
    vi.spyOn(prisma, "$queryRaw").mockRejectedValueOnce(new Error("SQLITE_CANTOPEN"));
    const response = await loader();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false });
  });
});
