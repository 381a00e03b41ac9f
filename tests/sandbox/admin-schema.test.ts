import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { NoDeprecatedCustomRule, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { PlatformApiError } from "~/services/platform/errors.server";
import { platformGraphql } from "~/services/platform/graphql.server";
import { execute, rootFields } from "../../sandbox/platform/graphql";
import { adminSchema, validateDocument, validateOperation } from "../../sandbox/platform/schema";
import { newShopState } from "../../sandbox/platform/state";
import { shopDomain } from "../helpers/factories";
import { stockSandbox } from "../helpers/stock-sandbox";

const root = path.resolve(import.meta.dirname, "../..");

/** Every `#graphql` document in app/, as the platform library sends it (the codegen preset reads the same ones). */
function appOperations(): { file: string; name: string; document: string }[] {
  const files = readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(?:ts|tsx)$/.test(file) && !file.endsWith(".d.ts"))
    .map((file) => path.join("app", file));
  return files.flatMap((file) =>
    [...readFileSync(path.join(root, file), "utf8").matchAll(/`(#graphql\s+(?:query|mutation|fragment)\b[^`]*)`/g)].map(
      ([, document]) => ({
        file,
        name: /\b(?:query|mutation)\s+(\w+)/.exec(document)?.[1] ?? "anonymous",
        document,
      }),
    ),
  );
}

describe("the platform simulator's schema validation", () => {
  it("accepts every operation the app sends, each checked against the published 2026-10 schema", () => {
    const operations = appOperations();
    const generated = readFileSync(path.join(root, "app/types/admin.generated.d.ts"), "utf8");
    // The same documents codegen typed: one `return:` per operation in its query and mutation maps.
    expect(operations).toHaveLength([...generated.matchAll(/^\s+return: \w+;$/gm)].length);
    expect(operations.length).toBeGreaterThanOrEqual(16);
    for (const operation of operations) {
      expect({ ...operation, errors: validateDocument(operation.document) }).toMatchObject({ errors: [] });
    }
  });

  it("uses no field, argument or enum value the 2026-10 schema marks deprecated", () => {
    const deprecated = appOperations().flatMap(({ name, document }) =>
      validate(adminSchema(), parse(document), [NoDeprecatedCustomRule]).map((error) => `${name}: ${error.message}`),
    );
    expect(deprecated).toEqual([]);
  });

  it("sends an idempotency key with every mutation whose 2026-10 description requires one", () => {
    const mutations = adminSchema().getMutationType()!.getFields();
    const requiring = appOperations().filter(({ document }) =>
      rootFields(document).some((field) =>
        /the idempotency key is required/.test(mutations[field.name]?.description ?? ""),
      ),
    );
    expect(requiring.map((operation) => operation.name).sort()).toEqual(["JourneyRestock", "StockSetAvailable"]);
    for (const operation of requiring) expect(operation.document).toMatch(/@idempotent\(key: \$\w+\)/);
  });

  it("answers a field the schema lacks with the platform's errors alone, and runs nothing", () => {
    const shop = newShopState("schema.myshopify.com", "read_orders,write_orders");
    const order = shop.orders[0];
    const tagsBefore = [...order.tags];
    const result = execute(
      shop,
      `mutation OrderTagsAdd($id: ID!, $tags: [String!]!) {
        tagsAdd(id: $id, tags: $tags) { node { id tagList } userErrors { field message } }
      }`,
      { id: `gid://shopify/Order/${order.id}`, tags: ["never-added"] },
    );
    expect(result.data).toBeUndefined();
    expect(result.errors).toEqual([
      {
        message: "Field 'tagList' doesn't exist on type 'Node'",
        locations: [{ line: 2, column: 51 }],
        path: ["mutation OrderTagsAdd", "tagsAdd", "node", "tagList"],
        extensions: { code: "undefinedField", typeName: "Node", fieldName: "tagList" },
      },
    ]);
    expect(JSON.parse(JSON.stringify({ data: result.data, errors: result.errors }))).not.toHaveProperty("data");
    expect(shop.orders[0].tags).toEqual(tagsBefore);
  });

  it("refuses what the platform's validation refuses: arguments, enum values, variables, selections", () => {
    const refused = (query: string) => validateDocument(query).map((error) => [error.extensions.code, error.message]);
    expect(refused(`query { order { id } }`)).toEqual([
      ["missingRequiredArguments", "Field 'order' is missing required arguments: id"],
    ]);
    expect(refused(`query O($id: ID!) { order(id: $id, legacy: true) { id } }`)).toEqual([
      ["argumentNotAccepted", "Field 'order' doesn't accept argument 'legacy'"],
    ]);
    expect(
      refused(`mutation C($id: ID!) { orderCancel(orderId: $id, reason: MISTAKE, restock: false) { job { id } } }`),
    ).toEqual([
      [
        "argumentLiteralsIncompatible",
        "Argument 'reason' on Field 'orderCancel' has an invalid value (MISTAKE). Expected type 'OrderCancelReason'.",
      ],
    ]);
    expect(refused(`query S($unused: ID) { shop { name } }`)).toEqual([
      ["variableNotUsed", "Variable $unused is declared by S but not used"],
    ]);
    expect(refused(`query S { shop }`)[0][0]).toBe("selectionMismatch");
    expect(refused(`query S { shop { name }`)[0][0]).toBe("parseError");
  });

  it("refuses variables their declared types cannot hold, naming the variable and the place inside it", () => {
    const update = `mutation ProductVariantsBarcodes($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
      productVariantsBulkUpdate(productId: $productId, variants: $variants) { userErrors { field message } }
    }`;
    const variants = [
      { id: "gid://shopify/ProductVariant/1", barcode: "1" },
      { id: "gid://shopify/ProductVariant/2", bar_code: "2" },
    ];
    expect(validateOperation(update, { productId: "gid://shopify/Product/1", variants })).toEqual([
      {
        message:
          "Variable $variants of type [ProductVariantsBulkInput!]! was provided invalid value for 1.bar_code (Field is not defined on ProductVariantsBulkInput)",
        locations: [{ line: 1, column: 51 }],
        extensions: {
          code: "INVALID_VARIABLE",
          value: variants,
          problems: [{ path: [1, "bar_code"], explanation: "Field is not defined on ProductVariantsBulkInput" }],
        },
      },
    ]);
    expect(validateOperation(update, { variants: [] })).toMatchObject([
      {
        extensions: {
          code: "INVALID_VARIABLE",
          value: null,
          problems: [{ path: [], explanation: "Expected value to not be null" }],
        },
      },
    ]);
    expect(validateOperation(update, { productId: "gid://shopify/Product/1", variants: variants.slice(0, 1) })).toEqual(
      [],
    );
  });

  it("fails the app's call that sends an operation the platform would refuse", async () => {
    const shop = shopDomain("schema-call");
    const sandbox = await stockSandbox(shop);
    try {
      const call = platformGraphql(
        { shop },
        `query ShopZone { shop { ianaTimezone timezone } }`,
        {},
        { maxAttempts: 1 },
      );
      await expect(call).rejects.toBeInstanceOf(PlatformApiError);
      await expect(call).rejects.toMatchObject({
        status: 502,
        codes: ["undefinedField"],
        message: "The platform reported an error: Field 'timezone' doesn't exist on type 'Shop'",
      });
      expect(sandbox.platform.calls).toEqual(["ShopZone"]);
    } finally {
      await sandbox.close();
    }
  });
});
