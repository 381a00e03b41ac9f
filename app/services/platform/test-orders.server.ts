import { AppError } from "../../lib/http.server";
import { PlatformApiError } from "./errors.server";
import { platformGraphql, type GraphqlOptions, type PlatformSession } from "./graphql.server";

/**
 * The loop test's order on the shop (docs/decisions/150): a real order placed with orderCreate, marked as a test
 * order, tagged so it is recognisable in the admin, then deleted. Needs `write_orders` (shopify.app.toml has it).
 */

/** The tag every loop-test order carries, in the admin and in the webhook the app receives. */
export const LOOP_TEST_TAG = "connector-loop-test";

export const SHOP_CURRENCY = `#graphql
  query LoopTestShopCurrency {
    shop { currencyCode }
  }`;

export const ORDER_CREATE = `#graphql
  mutation LoopTestOrderCreate($order: OrderCreateOrderInput!, $options: OrderCreateOptionsInput) {
    orderCreate(order: $order, options: $options) {
      order { id name test }
      userErrors { field message code }
    }
  }`;

export const ORDER_DELETE = `#graphql
  mutation LoopTestOrderDelete($orderId: ID!) {
    orderDelete(orderId: $orderId) {
      deletedId
      userErrors { field message code }
    }
  }`;

export const ORDER_CANCEL = `#graphql
  mutation LoopTestOrderCancel($orderId: ID!, $staffNote: String) {
    orderCancel(orderId: $orderId, reason: OTHER, restock: false, notifyCustomer: false, staffNote: $staffNote) {
      job { id done }
      orderCancelUserErrors { field message code }
    }
  }`;

interface UserError {
  field: string[] | null;
  message: string;
  code?: string | null;
}

export interface TestOrder {
  id: string;
  name: string;
}

const describe = (problems: UserError[]) => problems.map((problem) => problem.message).join("; ");

/** A 403 from the platform means the app lacks `write_orders` (or the staff member the permission). */
function denied(error: unknown): never {
  if (error instanceof PlatformApiError && error.codes.includes("ACCESS_DENIED")) {
    throw new AppError(
      403,
      "The platform refused to create the test order: the app needs the write_orders scope (reinstall it)",
      "loop_test_scope",
    );
  }
  throw error;
}

/**
 * Places the test order: one custom line item at no charge in the shop's currency, `test: true`, no customer (no
 * real buyer is ever messaged), no receipt, inventory untouched. The platform sends its orders/create webhook.
 */
export async function createTestOrder(
  session: PlatformSession,
  text: { title: string; note: string },
  options: GraphqlOptions = {},
): Promise<TestOrder> {
  try {
    const { shop } = await platformGraphql(session, SHOP_CURRENCY, {}, options);
    const data = await platformGraphql(
      session,
      ORDER_CREATE,
      {
        order: {
          test: true,
          tags: [LOOP_TEST_TAG],
          note: text.note,
          financialStatus: "PENDING",
          currency: shop.currencyCode,
          lineItems: [
            {
              title: text.title,
              quantity: 1,
              requiresShipping: false,
              priceSet: { shopMoney: { amount: "0.00", currencyCode: shop.currencyCode } },
            },
          ],
        },
        options: { sendReceipt: false, sendFulfillmentReceipt: false, inventoryBehaviour: "BYPASS" },
      },
      options,
    );
    const created = data.orderCreate;
    if (!created?.order) {
      throw new AppError(
        502,
        `The platform refused the test order: ${describe(created?.userErrors ?? []) || "no order returned"}`,
        "loop_test_order_refused",
      );
    }
    return { id: created.order.id, name: created.order.name };
  } catch (error) {
    return denied(error);
  }
}

export type Cleanup = { outcome: "deleted" } | { outcome: "cancelled"; problem: string };

/**
 * Removes the test order: orderDelete (the platform lets an app delete the test orders it created); if the
 * platform refuses, orderCancel, so the order at least leaves the open orders. A deleted order counts as gone.
 * Any other failure is thrown for the caller to report.
 */
export async function removeTestOrder(
  session: PlatformSession,
  orderId: string,
  options: GraphqlOptions = {},
): Promise<Cleanup> {
  const deleted = await platformGraphql(session, ORDER_DELETE, { orderId }, options);
  const problems = deleted.orderDelete?.userErrors ?? [];
  if (deleted.orderDelete?.deletedId || problems.some((problem) => problem.code === "NOT_FOUND")) {
    return { outcome: "deleted" };
  }
  const cancelled = await platformGraphql(session, ORDER_CANCEL, { orderId, staffNote: "Loop test finished" }, options);
  const cancelProblems = cancelled.orderCancel?.orderCancelUserErrors ?? [];
  if (cancelProblems.length) {
    throw new AppError(
      502,
      `The platform refused to delete (${describe(problems)}) and to cancel (${describe(cancelProblems)}) the test order`,
      "loop_test_cleanup_refused",
    );
  }
  return { outcome: "cancelled", problem: describe(problems) };
}
