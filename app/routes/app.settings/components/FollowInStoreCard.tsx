import { Banner, BlockStack, Card, Checkbox, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { OptionalScopesBanner, useScopesRequest } from "~/components/OptionalScopesBanner";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";

export interface FollowInStore {
  enabled: boolean;
  missingScopes: string[];
}

/**
 * "Follow the parcel in the store" (docs/decisions/308): off until the merchant turns it on. Turning it on asks for
 * the fulfilment scopes in the platform's own dialog, as holds do; the switch is saved whatever the answer, the
 * journey is recorded and shown either way, and the banner says what is missing.
 */
export function FollowInStoreCard({ follow }: { follow: FollowInStore }) {
  const { t } = useI18n();
  const write = useWrite<{ success: true; follow: FollowInStore }>(undefined, (result) =>
    showToast(t(result.follow.enabled ? "settings.supplier.follow.on" : "settings.supplier.follow.off")),
  );
  const requestScopes = useScopesRequest();
  // Shown as pressed at once; the saved value comes back with the page's data (a refusal puts it back).
  const [checked, setChecked] = useState(follow.enabled);
  useEffect(() => setChecked(follow.enabled), [follow.enabled, write.message]);
  const toggle = (enabled: boolean) => {
    setChecked(enabled);
    if (enabled && follow.missingScopes.length) void requestScopes(follow.missingScopes);
    write.submit("journey-follow-save", { followInStore: String(enabled) });
  };

  return (
    // The parcel card of a delivery links here when the store is not being updated (docs/decisions/329).
    <div id="follow-in-store">
      <Card>
        <BlockStack gap="300">
          <Text as="h3" variant="headingSm">
            {t("settings.supplier.follow.title")}
          </Text>
          {write.message && (
            <Banner tone="critical" onDismiss={write.clear}>
              <p>{write.message}</p>
            </Banner>
          )}
          <Checkbox
            label={t("settings.supplier.follow.enabled")}
            helpText={t("settings.supplier.follow.help")}
            checked={checked}
            disabled={write.busy}
            onChange={toggle}
          />
          {follow.enabled && follow.missingScopes.length > 0 && (
            <BlockStack gap="200">
              <OptionalScopesBanner missing={follow.missingScopes} feature={t("settings.supplier.follow.feature")} />
              <Text as="p" tone="subdued">
                {t("settings.supplier.follow.withoutScopes")}
              </Text>
            </BlockStack>
          )}
        </BlockStack>
      </Card>
    </div>
  );
}
