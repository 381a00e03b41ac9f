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

describe("the platform simulator's test orders (orderCreate, orderCancel, orderDelete)", () => {
  const CREATE = `mutation C($order: OrderCreateOrderInput!) {
    orderCreate(order: $order) { order { id name test } userErrors { field message code } } }`;
  const DELETE = `mutation D($orderId: ID!) { orderDelete(orderId: $orderId) { deletedId userErrors { field message code } } }`;
  const lineItem = {
    title: "Loop test",
    quantity: 1,
    priceSet: { shopMoney: { amount: "0.00", currencyCode: "COP" } },
  };

  it("creates a test order, announces it for its webhook, and lets the app delete it", () => {
    const shop = newShopState("loop.myshopify.com", "write_orders");
    const created: string[] = [];
    const context = {
      themeProcessingMs: 0,
      emit: () => undefined,
      orderCreated: (o: { name: string }) => created.push(o.name),
    };
    const result = execute(shop, CREATE, { order: { test: true, tags: ["t"], lineItems: [lineItem] } }, context);
    const order = (result.data as { orderCreate: { order: { id: string; name: string; test: boolean } } }).orderCreate
      .order;
    expect(order.test).toBe(true);
    expect(created).toEqual([order.name]);
    expect(shop.orders.at(-1)).toMatchObject({ name: order.name, tags: ["t"], customer: null, test: true });
    const deleted = execute(shop, DELETE, { orderId: order.id }, context);
    expect(deleted.data).toEqual({ orderDelete: { deletedId: order.id, userErrors: [] } });
    expect(shop.orders.some((candidate) => candidate.name === order.name)).toBe(false);
    const again = execute(shop, DELETE, { orderId: order.id }, context);
    expect((again.data as { orderDelete: { userErrors: { code: string }[] } }).orderDelete.userErrors[0].code).toBe(
      "NOT_FOUND",
    );
  });

  it("answers userErrors for an order without line items and refuses to delete a storefront order", () => {
    const shop = newShopState("loop.myshopify.com", "write_orders");
    const result = execute(shop, CREATE, { order: { test: true, lineItems: [] } });
    expect(result.data).toEqual({
      orderCreate: {
        order: null,
        userErrors: [{ field: ["order", "lineItems"], message: "Line items can't be blank", code: "INVALID" }],
      },
    });
    const storefront = `gid://shopify/Order/${shop.orders[0].id}`;
    const refused = execute(shop, DELETE, { orderId: storefront });
    expect(
      (refused.data as { orderDelete: { deletedId: null; userErrors: { code: string }[] } }).orderDelete,
    ).toMatchObject({
      deletedId: null,
      userErrors: [{ code: "INVALID" }],
    });
  });
});
