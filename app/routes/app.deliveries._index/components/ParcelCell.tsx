import { Badge, type BadgeProps, BlockStack, InlineStack, Text } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import type { JourneyGroup, ParcelSummary } from "~/lib/journey-log";

const TONES: Record<JourneyGroup, BadgeProps["tone"]> = {
  on_the_way: "info",
  incident: "warning",
  delivered: "success",
  returned: "critical",
};

/** The word for a parcel: its group's ("On its way"), else its stage's ("At the supplier"), else the status as it came. */
export function ParcelBadge({ parcel }: { parcel: ParcelSummary }) {
  const { t } = useI18n();
  const known = parcel.stage !== "unknown";
  const word = parcel.group
    ? t(`journey.filter.${parcel.group}`)
    : known
      ? t(`journey.stage.${parcel.stage}` as Parameters<typeof t>[0])
      : t("journey.unknownStatus");
  return <Badge tone={parcel.group ? TONES[parcel.group] : undefined}>{word}</Badge>;
}

/**
 * Where the order's parcel is, from the supplier marketplace (docs/decisions/303): its word, the guide and carrier,
 * and since when (the shop's zone). A split shipment shows each of its supplier orders; nothing before the first.
 */
export function ParcelCell({ parcels }: { parcels: ParcelSummary[] }) {
  const { t, dateTime } = useI18n();
  if (!parcels.length) return null;
  return (
    <BlockStack gap="100">
      {parcels.map((parcel) => (
        <span key={parcel.supplierOrderId} data-parcel={parcel.group ?? parcel.stage}>
          <BlockStack gap="050">
            <InlineStack gap="100" blockAlign="center">
              <ParcelBadge parcel={parcel} />
              {parcel.stage === "unknown" && parcel.rawStatus && (
                <Text as="span" tone="subdued">
                  {parcel.rawStatus}
                </Text>
              )}
            </InlineStack>
            {parcel.group === "incident" && parcel.openIncident && (
              <Text as="span" tone="caution">
                {t("journey.incidentSince", {
                  status: parcel.openIncident,
                  time: dateTime(parcel.incidentSince ?? parcel.stageSince),
                })}
              </Text>
            )}
            {(parcel.guide || parcel.carrier) && (
              <Text as="span" tone="subdued">
                {[parcel.guide ? t("journey.guide", { guide: parcel.guide }) : null, parcel.carrier]
                  .filter(Boolean)
                  .join(" · ")}
              </Text>
            )}
            {parcel.stageSince && parcel.group !== "incident" && (
              <Text as="span" tone="subdued">
                {t("journey.since", { time: dateTime(parcel.stageSince) })}
              </Text>
            )}
          </BlockStack>
        </span>
      ))}
    </BlockStack>
  );
}
