import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, apiHandler, failureData, loaderFailure } from "~/lib/http.server";
import { parseInput } from "~/lib/input.server";

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

  it("gives every failure a stable code, and the field and row it carries as data", async () => {
    const handler = apiHandler(async () => {
      throw AppError.forField(["variantAssociations", 1, "platformVariantId"], "mapped more than once");
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

  it("never reads a field out of the message", async () => {
    const handler = apiHandler(async () => {
      throw new AppError(400, "variantAssociations.1.platformVariantId: mapped more than once");
    });
    expect(await (await handler({ request })).json()).toEqual({
      success: false,
      error: "variantAssociations.1.platformVariantId: mapped more than once",
      code: "invalid_input",
    });
  });

  it("names the field zod input parsing refuses, with its list position", async () => {
    const schema = z.object({ pairs: z.array(z.object({ id: z.string().min(1, "is required") })) });
    const thrown = (() => {
      try {
        parseInput(schema, { pairs: [{ id: "a" }, { id: "b" }, { id: "" }] });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ status: 400, code: "invalid_input", field: "id", index: 2 });
    expect((thrown as AppError).message).toBe("pairs.2.id: is required");
  });

  it("gives a page loader the same failure body under `failure`, with the failure's status", async () => {
    const result = loaderFailure(AppError.forField("orderId", "is not an order", { status: 404, code: "gone" }), {
      delivery: null,
    });
    expect(result.init?.status).toBe(404);
    expect(result.data).toEqual({
      delivery: null,
      failure: { success: false, error: "orderId: is not an order", code: "gone", field: "orderId" },
    });
    expect(failureData(new AppError(409, "Already linked", "error", { association: "a1" }))).toEqual({
      success: false,
      error: "Already linked",
      code: "conflict",
      association: "a1",
    });
    expect(() => loaderFailure(new Error("disk full"), {})).toThrow("disk full");
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
