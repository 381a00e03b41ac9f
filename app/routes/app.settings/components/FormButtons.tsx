import { Button, InlineStack } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";

/** Test (when there is something to test) and save; one running disables the other. */
export function FormButtons({
  section,
  pending,
  onTest,
  onSave,
  saveDisabled = false,
}: {
  section: "automation" | "supplier";
  pending: "test" | "save" | undefined;
  onTest?: () => void;
  onSave: () => void;
  saveDisabled?: boolean;
}) {
  const { t } = useI18n();
  return (
    <InlineStack align="end" gap="200">
      {onTest && (
        <Button
          onClick={onTest}
          loading={pending === "test"}
          disabled={pending === "save"}
          accessibilityLabel={`${t(`settings.${section}.test`)}: ${t(`settings.${section}.title`)}`}
        >
          {t(`settings.${section}.test`)}
        </Button>
      )}
      <Button
        variant="primary"
        onClick={onSave}
        loading={pending === "save"}
        disabled={saveDisabled || pending === "test"}
      >
        {t(`settings.${section}.save`)}
      </Button>
    </InlineStack>
  );
}
