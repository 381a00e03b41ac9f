import { BlockStack, Button, InlineStack, Layout, Link, Text } from "@shopify/polaris";
import { TitledCard } from "~/components/TitledCard";
import { useI18n } from "~/i18n/context";
import type { MessageKey } from "~/i18n";
import type { StalledParcel } from "~/services/journey/pace.server";

/** The log filtered to these parcels' orders. */
export const STALLED_LOG = "/app/deliveries?journey=stalled";

/**
 * The parcels that have not moved for longer than their carrier usually takes in their stage (docs/decisions/303):
 * how many, the longest-still few with their order, carrier, stage and days (always at least one: a parcel is late
 * only past a whole day), and the way to their orders in the log. Shown only while there is one.
 */
export function StalledParcels({ stalled }: { stalled: { count: number; parcels: StalledParcel[] } }) {
  const { t, tp } = useI18n();
  if (stalled.count === 0) return null;
  const more = stalled.count - stalled.parcels.length;
  return (
    <Layout.Section>
      <TitledCard title={t("home.stalled.title")} gap="200">
        <Text as="p">{tp("home.stalled.summary", stalled.count)}</Text>
        <BlockStack gap="100" as="ul">
          {stalled.parcels.map((parcel) => (
            <li key={parcel.supplierOrderId} data-stalled={parcel.supplierOrderId}>
              <Text as="span">
                <Text as="span" fontWeight="semibold">
                  {[parcel.orderName, parcel.carrier].filter(Boolean).join(" · ")}
                </Text>
                {" — "}
                {t("home.stalled.line", {
                  stage: t(`journey.stage.${parcel.stage}` as MessageKey),
                  days: tp("journey.days", parcel.days),
                  usual: tp("journey.days", parcel.usual),
                })}
              </Text>
            </li>
          ))}
        </BlockStack>
        {more > 0 && (
          <Text as="p" tone="subdued">
            {tp("home.stalled.more", more)}
          </Text>
        )}
        <InlineStack gap="300" blockAlign="center">
          <Button url={STALLED_LOG}>{t("home.stalled.view")}</Button>
          <Link url="/app/settings#carrier-pace">{t("home.stalled.adjust")}</Link>
        </InlineStack>
      </TitledCard>
    </Layout.Section>
  );
}
