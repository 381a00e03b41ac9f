import { Banner } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";
import { failureMessage } from "~/lib/errors";

/**
 * A failed call, shown as the contract asks: a critical banner, worded from the server's code.
 * Give either the thrown `error` or a `message` already worded for the merchant.
 */
export function ApiErrorBanner({
  error,
  message,
  onRetry,
  onDismiss,
}: {
  error?: unknown;
  message?: string;
  onRetry?: () => void;
  onDismiss?: () => void;
}) {
  const toMessage = useErrorMessage();
  const text = message ?? (error ? toMessage(error) : undefined);
  const { t } = useI18n();
  if (!text) return null;
  return (
    <Banner
      tone="critical"
      action={onRetry ? { content: t("common.retry"), onAction: onRetry } : undefined}
      onDismiss={onDismiss}
    >
      <p>{text}</p>
    </Banner>
  );
}

/** A failed call in the merchant's language, by the server's stable code (never its English sentence). */
export function useErrorMessage() {
  const { t } = useI18n();
  return (error: unknown) => failureMessage(t, error);
}
