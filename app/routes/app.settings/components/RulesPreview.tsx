import { BlockStack, Button, List, Text } from "@shopify/polaris";
import { useErrorMessage } from "~/components/ApiErrorBanner";
import { FormFeedback } from "~/components/FormFeedback";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import type { RulesPreview as Preview } from "~/lib/rules-preview";

/**
 * The draft rules tried on the last 30 days' orders before they are saved (docs/decisions/337): how many each rule
 * would have caught. `draft` is the form as it stands, sent as the save would send it.
 */
export function RulesPreview({
  draft,
  on,
}: {
  draft: Record<string, string | undefined>;
  on: { noMobile: boolean; duplicates: boolean; outsideHours: boolean };
}) {
  const { t, tp, date } = useI18n();
  const message = useErrorMessage();
  const write = useWrite<{ success: true; preview: Preview }>("/app/order-rules", () => undefined);
  const preview = write.result?.preview;
  const line = (base: Parameters<typeof tp>[0], count: number, active: boolean) =>
    `${tp(base, count)}${active ? "" : ` ${t("rulesPreview.off")}`}`;
  return (
    <BlockStack gap="200">
      <FormFeedback failure={write.failure ? message(write.failure) : undefined} onDismissFailure={write.clear} />
      <div>
        <Button onClick={() => write.submit("order-rules-preview", draft)} loading={write.busy}>
          {t("rulesPreview.button")}
        </Button>
      </div>
      {preview ? (
        <div aria-live="polite">
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm">
              {t("rulesPreview.title")}
            </Text>
            <Text as="p">{tp("rulesPreview.orders", preview.orders, { since: date(preview.since) })}</Text>
            <List>
              <List.Item>{line("rulesPreview.noMobile", preview.noMobile, on.noMobile)}</List.Item>
              <List.Item>{line("rulesPreview.duplicates", preview.duplicates, on.duplicates)}</List.Item>
              <List.Item>{line("rulesPreview.outsideHours", preview.outsideHours, on.outsideHours)}</List.Item>
              <List.Item>{tp("rulesPreview.blockedPhones", preview.blockedPhones)}</List.Item>
            </List>
            {preview.capped ? (
              <Text as="p" tone="subdued">
                {t("rulesPreview.capped", { count: preview.orders })}
              </Text>
            ) : null}
          </BlockStack>
        </div>
      ) : null}
    </BlockStack>
  );
}
