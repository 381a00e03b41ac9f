import { Link, Text } from "@shopify/polaris";
import type { DeliverySummary } from "~/lib/api-types";
import { orderAdminUrl } from "~/lib/deliveries";
/** The order's name, linked to the order in the store's admin when there is one to open. */
export function OrderName({ delivery }: { delivery: Pick<DeliverySummary, "orderName" | "orderId" | "eventId"> }) {
  const name = delivery.orderName ?? delivery.orderId ?? delivery.eventId;
  const url = orderAdminUrl(delivery);
  const text = (
    <Text as="span" fontWeight="semibold">
      {name}
    </Text>
  );
  return url ? (
    <Link url={url} target="_top" removeUnderline>
      {text}
    </Link>
  ) : (
    text
  );
}
