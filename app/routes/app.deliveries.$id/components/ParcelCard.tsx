import { Banner, BlockStack, Divider, InlineStack, Text } from "@shopify/polaris";
import { StoreActionLine } from "~/components/deliveries/StoreActionLine";
import { TitledCard } from "~/components/TitledCard";
import { useI18n, type I18n } from "~/i18n/context";
import type { ParcelCardView } from "~/services/journey/order-view.server";

type Parcel = ParcelCardView["parcels"][number];

const FOLLOW_SETTINGS = "/app/settings#follow-in-store";

/**
 * Stages before the parcel ships: the store has nothing to follow yet. A parcel past them with no step shipped
 * before following was on, and the store catches up at its next status (decision 308).
 */
const AT_SUPPLIER = new Set(["unknown", "at_supplier"]);

const stageWord = (t: I18n["t"], stage: string, rawStatus: string | null) =>
  stage === "unknown"
    ? (rawStatus ?? t("journey.unknownStatus"))
    : t(`journey.stage.${stage}` as Parameters<I18n["t"]>[0]);

/** Whether the store is being updated: said when it is not, with where to turn it on (decision 308). */
function FollowNotice({ follow }: { follow: ParcelCardView["follow"] }) {
  const { t } = useI18n();
  if (follow.enabled && !follow.missingScopes.length) return null;
  const off = !follow.enabled;
  return (
    <div data-testid="parcel-follow-off">
      <Banner
        tone="info"
        action={{ content: t(off ? "parcel.followLink" : "parcel.scopesLink"), url: FOLLOW_SETTINGS }}
      >
        <p>{t(off ? "parcel.followOff" : "parcel.followMissingScopes")}</p>
      </Banner>
    </div>
  );
}

function OneParcel({ parcel, following }: { parcel: Parcel; following: boolean }) {
  const { t, dateTime } = useI18n();
  const stage = stageWord(t, parcel.stage, parcel.rawStatus);
  return (
    <BlockStack gap="300">
      <BlockStack gap="100">
        <Text as="p">
          <Text as="span" tone="subdued">
            {t("parcel.guide")}:
          </Text>{" "}
          {parcel.guide ?? "—"}
        </Text>
        <Text as="p">
          <Text as="span" tone="subdued">
            {t("parcel.carrier")}:
          </Text>{" "}
          {parcel.carrier ?? "—"}
        </Text>
        <Text as="p">
          <Text as="span" tone="subdued">
            {t("parcel.stage")}:
          </Text>{" "}
          <span data-parcel-stage={parcel.stage}>
            {parcel.stageSince ? t("parcel.stageSince", { stage, time: dateTime(parcel.stageSince) }) : stage}
          </span>
        </Text>
        {parcel.openIncident && (
          <Text as="p" tone="caution">
            {t("journey.incidentSince", {
              status: parcel.openIncident,
              time: dateTime(parcel.incidentSince ?? parcel.stageSince),
            })}
          </Text>
        )}
      </BlockStack>
      <BlockStack gap="150">
        <Text as="h3" variant="headingSm">
          {t("parcel.timeline")}
        </Text>
        {parcel.history.length ? (
          <ol style={{ margin: 0, paddingInlineStart: "1.25rem" }} data-testid="parcel-timeline">
            {parcel.history.map((entry, index) => (
              <li key={`${entry.rawStatus}:${entry.receivedAt}:${index}`}>
                <InlineStack gap="100" wrap>
                  <Text as="span">{stageWord(t, entry.stage, entry.rawStatus)}</Text>
                  <Text as="span" tone="subdued">
                    {dateTime(entry.reportedAt ?? entry.receivedAt)}
                  </Text>
                </InlineStack>
              </li>
            ))}
          </ol>
        ) : (
          <Text as="p" tone="subdued">
            {t("parcel.timelineEmpty")}
          </Text>
        )}
      </BlockStack>
      {/* Without following (and nothing done before it was turned off) the notice above says it all. */}
      {(parcel.storeActions.length > 0 || following) && (
        <BlockStack gap="150">
          <Text as="h3" variant="headingSm">
            {t("parcel.storeActions")}
          </Text>
          {parcel.storeActions.length ? (
            <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }} data-testid="parcel-store-actions">
              {parcel.storeActions.map((action) => (
                <li key={action.step}>
                  <StoreActionLine action={action} withTag />
                </li>
              ))}
            </ul>
          ) : (
            <Text as="p" tone="subdued">
              {t(AT_SUPPLIER.has(parcel.stage) ? "parcel.noStoreActions" : "parcel.catchUp")}
            </Text>
          )}
        </BlockStack>
      )}
    </BlockStack>
  );
}

/**
 * The order's parcel (docs/decisions/329): guide, carrier, stage and since when, the journey in the shop's zone,
 * and each thing the app did to the store order because of it, with its time; or that the store is not being
 * updated, and where to turn it on.
 */
export function ParcelCard({ view }: { view: ParcelCardView }) {
  const { t } = useI18n();
  const following = view.follow.enabled && !view.follow.missingScopes.length;
  return (
    <div data-testid="parcel-card">
      <TitledCard title={t("parcel.title")}>
        <FollowNotice follow={view.follow} />
        {view.parcels.length ? (
          view.parcels.map((parcel, index) => (
            <BlockStack gap="300" key={parcel.supplierOrderId}>
              {index > 0 && <Divider />}
              <OneParcel parcel={parcel} following={following} />
            </BlockStack>
          ))
        ) : (
          <Text as="p" tone="subdued">
            {t("parcel.none")}
          </Text>
        )}
      </TitledCard>
    </div>
  );
}
