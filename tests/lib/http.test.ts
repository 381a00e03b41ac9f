import { describe, expect, it } from "vitest";
import { AppError, apiHandler } from "~/lib/http.server";

const request = new Request("https://connector.test/api/thing", { method: "POST" });

describe("API error mapping", () => {
  it("answers an expected failure with its status and safe message", async () => {
    const handler = apiHandler(async () => {
      throw new AppError(409, "Already linked", "conflict", { association: { id: "a1" } });
    });
    const response = await handler({ request });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ success: false, error: "Already linked", association: { id: "a1" } });
  });

  it("gives every failure a stable code, and the field and row a message names", async () => {
    const handler = apiHandler(async () => {
      throw new AppError(400, "variantAssociations.1.platformVariantId: mapped more than once");
    });
    const response = await handler({ request });
    expect(await response.json()).toEqual({
      success: false,
      error: "variantAssociations.1.platformVariantId: mapped more than once",
      code: "invalid_input",
      field: "platformVariantId",
      index: 1,
    });
  });

  it("keeps a failure's own code and gives a sentence without a field none", async () => {
    const handler = apiHandler(async () => {
      throw new AppError(502, "The automation platform did not answer: try again", "automation_unavailable");
    });
    expect(await (await handler({ request })).json()).toEqual({
      success: false,
      error: "The automation platform did not answer: try again",
      code: "automation_unavailable",
    });
  });

  it("answers an unexpected error with 500 and no internals", async () => {
    const handler = apiHandler(async () => {
      throw new Error("SQLITE_BUSY at /srv/app/secret/path.ts:42");
    });
    const response = await handler({ request });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toMatchObject({ success: false, code: "internal" });
    expect(JSON.stringify(body)).not.toMatch(/SQLITE|secret|path\.ts/);
  });

  it("passes through a Response thrown by authentication", async () => {
    const handler = apiHandler(async () => {
      throw Response.json({ success: false, error: "No shop session found" }, { status: 401 });
    });
    expect((await handler({ request })).status).toBe(401);
  });
});
