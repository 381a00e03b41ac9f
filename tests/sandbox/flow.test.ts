import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { FLOW_TRIGGER_RECEIVE } from "~/services/flow/send-trigger.server";
import { FLOW_TRIGGERS } from "~/services/flow/triggers";
import { flowExtensions, MAX_FLOW_PAYLOAD_BYTES } from "../../sandbox/platform/flow";
import { execute } from "../../sandbox/platform/graphql";
import { createOrder, newShopState } from "../../sandbox/platform/state";

const ROOT = path.resolve(import.meta.dirname, "../..");

function shopWithOrder() {
  const shop = newShopState("flow-sim.myshopify.com", "");
  const order = createOrder(shop);
  return { shop, orderId: order.id };
}

const receive = (shop: ReturnType<typeof newShopState>, variables: Record<string, unknown>) =>
  execute(shop, FLOW_TRIGGER_RECEIVE, variables);

describe("the trigger extensions", () => {
  it("declare, in their TOML, the order reference and exactly the fields the app sends", () => {
    const declared: Record<string, Record<string, string>> = {};
    for (const folder of readdirSync(path.join(ROOT, "extensions"))) {
      const file = path.join(ROOT, "extensions", folder, "shopify.extension.toml");
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        continue;
      }
      const toml = parse(text) as {
        extensions: { type: string; handle: string }[];
        settings?: { fields?: { type: string; key?: string }[] };
      };
      const [extension] = toml.extensions;
      if (extension.type !== "flow_trigger") continue;
      expect(extension.handle).toBe(folder);
      expect(extension.handle.length).toBeLessThanOrEqual(30);
      const fields = toml.settings?.fields ?? [];
      expect(fields.filter((field) => field.type === "order_reference")).toHaveLength(1);
      declared[extension.handle] = Object.fromEntries(
        fields.filter((field) => field.key).map((field) => [field.key!, field.type]),
      );
    }
    expect(declared).toEqual(FLOW_TRIGGERS);
  });

  it("include the action, posted to the app's action route", () => {
    expect(flowExtensions().get("send-to-confirmation")).toMatchObject({
      type: "flow_action",
      runtimePath: "/api/flow/send-to-confirmation",
    });
  });
});

describe("flowTriggerReceive in the platform simulator", () => {
  it("takes a trigger the extension declares and records it", () => {
    const { shop, orderId } = shopWithOrder();
    const payload = { order_id: orderId, Answer: "confirmed", "Answered at": "2026-11-28T15:00:00.000Z" };
    const result = receive(shop, { handle: "buyer-confirmed", payload });
    expect(result.errors).toEqual([]);
    expect(result.data).toEqual({ flowTriggerReceive: { userErrors: [] } });
    expect(shop.flowTriggers).toMatchObject([{ handle: "buyer-confirmed", payload }]);
  });

  it("refuses, against the published 2026-10 schema, variables of the wrong type, and runs nothing", () => {
    const { shop } = shopWithOrder();
    const result = receive(shop, { handle: 42, payload: {} });
    expect(result.data).toBeUndefined();
    expect(result.errors[0].extensions.code).toBe("INVALID_VARIABLE");
    const unknownArgument = execute(
      shop,
      `mutation T { flowTriggerReceive(handle: "buyer-confirmed", trigger: "x") { userErrors { field message } } }`,
      {},
    );
    expect(unknownArgument.errors[0].message).toMatch(/trigger/);
    expect(shop.flowTriggers).toEqual([]);
  });

  it("refuses the @idempotent directive, which its description does not document, and records nothing", () => {
    const { shop, orderId } = shopWithOrder();
    const withKey = FLOW_TRIGGER_RECEIVE.replace(
      "payload: $payload)",
      "payload: $payload) @idempotent(key: $key)",
    ).replace("$payload: JSON!)", "$payload: JSON!, $key: String!)");
    expect(withKey).toContain("@idempotent(key: $key)");
    const payload = { order_id: orderId, Answer: "confirmed" };
    const result = execute(shop, withKey, { handle: "buyer-confirmed", payload, key: "answer:1:confirmed" });
    expect(result.errors[0].message).toBe("The @idempotent directive is not supported on flowTriggerReceive");
    expect(shop.flowTriggers).toEqual([]);
  });

  it("takes the same trigger twice when it is sent twice: Flow dedupes nothing", () => {
    const { shop, orderId } = shopWithOrder();
    const payload = { order_id: orderId, Answer: "confirmed", "Answered at": "2026-11-28T15:00:00.000Z" };
    receive(shop, { handle: "buyer-confirmed", payload });
    receive(shop, { handle: "buyer-confirmed", payload });
    expect(shop.flowTriggers.map((trigger) => trigger.payload)).toEqual([payload, payload]);
  });

  it("answers userErrors for what the trigger's extension does not take", () => {
    const { shop, orderId } = shopWithOrder();
    const refused = (handle: string, payload: unknown) =>
      (
        receive(shop, { handle, payload }).data as { flowTriggerReceive: { userErrors: { message: string }[] } }
      ).flowTriggerReceive.userErrors.map((error) => error.message);
    expect(refused("no-such-trigger", { order_id: orderId })).toEqual(["Invalid handle: no-such-trigger"]);
    expect(refused("buyer-confirmed", { Answer: "confirmed" })).toEqual(["order_id is required"]);
    expect(refused("buyer-confirmed", { order_id: 999 })).toEqual(["Order not found"]);
    expect(refused("buyer-confirmed", { order_id: orderId, Mood: "x" })).toEqual(["Unknown field: Mood"]);
    expect(refused("high-risk", { order_id: orderId, "Risk score": "high" })).toEqual(["Risk score must be a number"]);
    expect(refused("parcel-shipped", { order_id: orderId, "Happened at": "ayer" })).toEqual([
      "Happened at must be an ISO 8601 date",
    ]);
    const big = { order_id: orderId, Reasons: "x".repeat(MAX_FLOW_PAYLOAD_BYTES) };
    expect(refused("high-risk", big)).toEqual(["Payload is larger than 50 KB"]);
    expect(shop.flowTriggers).toEqual([]);
  });
});
