import { Badge, BlockStack, InlineStack, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { DeliveryDetail } from "~/lib/api-types";
import { flowResultLabel } from "~/lib/deliveries";
import { TitledCard } from "~/components/TitledCard";
import { Fact } from "./Fact";

/** What the flow answered (its callback) and the tags the order got because of this delivery. */
export function CallbackCard({ delivery }: { delivery: DeliveryDetail }) {
  const { t, dateTime } = useI18n();
  // The tags on the order because of this delivery: the callback's and the error tag of a dead delivery.
  const tags = [...new Set([...(delivery.tagsApplied ?? []), ...(delivery.callback?.tags ?? [])])];
  // The flow answers an order it received; one it never received has nothing to answer.
  const noCallback =
    delivery.status === "delivered"
      ? t("delivery.noCallback")
      : ["queued", "delivering", "retrying"].includes(delivery.status)
        ? t("delivery.noCallback.waiting")
        : t("delivery.noCallback.notSent");
  return (
    <TitledCard title={t("delivery.callback")} gap="200">
      {delivery.callback ? (
        <BlockStack gap="200">
          <Fact label={t("delivery.callback.receivedAt")}>{dateTime(delivery.callback.receivedAt)}</Fact>
          <Fact label={t("delivery.callback.status")}>{flowResultLabel(t, delivery.callback.status)}</Fact>
        </BlockStack>
      ) : (
        <Text as="p" tone="subdued">
          {noCallback}
        </Text>
      )}
      {tags.length > 0 && (
        <InlineStack gap="100">
          <Text as="span" tone="subdued">
            {t("deliveries.tags")}:
          </Text>
          {tags.map((tag) => (
            <Badge key={tag} tone={tag === "automation-error" ? "critical" : "success"}>
              {tag}
            </Badge>
          ))}
        </InlineStack>
      )}
    </TitledCard>
  );
}
