import prisma from "../../db.server";

type Converted = { orderName: string | null; orderId: string | null };

/**
 * The order each converted cart became (a checkout skipped because its buyer ordered): the shop's order delivery
 * with the same checkout or cart token. One query per token kind over the page's carts, each served by its
 * (shop, token) index; a cart whose order the app never received is left out.
 */
export async function convertedOrders(
  shop: string,
  deliveries: { id: string; topic: string; status: string; lastErrorCode: string | null }[],
): Promise<Map<string, Converted>> {
  const ids = deliveries
    .filter((d) => d.topic === "checkouts/create" && d.status === "skipped" && d.lastErrorCode === "checkout_converted")
    .map((d) => d.id);
  const found = new Map<string, Converted>();
  if (ids.length === 0) return found;
  const carts = await prisma.delivery.findMany({
    where: { shop, id: { in: ids } },
    select: { id: true, checkoutToken: true, cartToken: true },
  });
  const tokens = (kind: "checkoutToken" | "cartToken") => [
    ...new Set(carts.map((cart) => cart[kind]).filter((token): token is string => Boolean(token))),
  ];
  const select = { orderName: true, orderId: true, checkoutToken: true, cartToken: true, createdAt: true } as const;
  const [byCheckout, byCart] = await Promise.all(
    (["checkoutToken", "cartToken"] as const).map((kind) =>
      tokens(kind).length === 0
        ? []
        : prisma.delivery.findMany({
            where: { shop, topic: "orders/create", [kind]: { in: tokens(kind) } },
            select,
            orderBy: { createdAt: "asc" },
          }),
    ),
  );
  for (const cart of carts) {
    // The checkout's own token first: a cart token can be shared by checkouts of the same cart.
    const order =
      byCheckout.find((row) => cart.checkoutToken && row.checkoutToken === cart.checkoutToken) ??
      byCart.find((row) => cart.cartToken && row.cartToken === cart.cartToken);
    if (order) found.set(cart.id, { orderName: order.orderName, orderId: order.orderId });
  }
  return found;
}
