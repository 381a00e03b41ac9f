import { describe, expect, it } from "vitest";
import { argument, execute, rootFields } from "../../sandbox/platform/graphql";
import { newShopState } from "../../sandbox/platform/state";

describe("the platform simulator's GraphQL reading", () => {
  it("finds the top-level fields with their aliases, skipping comments, strings and nested selections", () => {
    const fields = rootFields(`#graphql
      # a comment with { braces }
      query Two($q: String!) {
        found: orders(first: 1, query: $q) { edges { node { id note } } }
        shop { name description(format: "{not a field}") }
      }`);
    expect(fields.map((field) => [field.alias, field.name])).toEqual([
      ["found", "orders"],
      ["shop", "shop"],
    ]);
  });

  it("reads arguments from variables and from literals", () => {
    const [field] = rootFields(
      `{ orders(first: 10, reverse: true, query: "name:#1001", sortKey: CREATED_AT) { nodes { id } } }`,
    );
    expect(argument(field, "first", {})).toBe(10);
    expect(argument(field, "reverse", {})).toBe(true);
    expect(argument(field, "query", {})).toBe("name:#1001");
    const [withVariable] = rootFields(`query Q($id: ID!) { order(id: $id) { id } }`);
    expect(argument(withVariable, "id", { id: "gid://shopify/Order/1" })).toBe("gid://shopify/Order/1");
  });

  it("answers an order looked up by a name with or without quotes, and nothing for an unknown one", () => {
    const shop = newShopState("parser.myshopify.com", "read_orders");
    const name = shop.orders[0].name;
    for (const query of [`name:${name}`, `name:'${name}'`, `name:"${name}"`]) {
      const result = execute(
        shop,
        `query OrderByName($query: String!) { orders(first: 1, query: $query) { edges { node { name } } } }`,
        { query },
      );
      expect(
        (result.data as { orders: { edges: { node: { name: string } }[] } }).orders.edges.map((edge) => edge.node.name),
      ).toEqual([name]);
    }
    const none = execute(
      shop,
      `query OrderByName($query: String!) { orders(first: 1, query: $query) { nodes { name } } }`,
      { query: "name:#999999" },
    );
    expect((none.data as { orders: { nodes: unknown[] } }).orders.nodes).toEqual([]);
  });

  it("reports an id of the wrong type as an argument error on that field", () => {
    const shop = newShopState("parser.myshopify.com", "read_orders");
    const result = execute(shop, `query OrderById($id: ID!) { order(id: $id) { id } }`, {
      id: "gid://shopify/Product/1",
    });
    expect(result.errors[0]).toMatchObject({ path: ["order"], extensions: { code: "argumentLiteralsIncompatible" } });
  });
});
