import { Banner } from "@shopify/polaris";

/**
 * The outcome of a form's last button, above its fields: a failure or a success, each dismissible. Forms whose
 * success is a toast pass only the failure.
 */
export function FormFeedback({
  failure,
  success,
  onDismissFailure,
  onDismissSuccess,
}: {
  failure?: string;
  success?: string;
  onDismissFailure: () => void;
  onDismissSuccess?: () => void;
}) {
  return (
    <>
      {failure && (
        <Banner tone="critical" onDismiss={onDismissFailure}>
          <p>{failure}</p>
        </Banner>
      )}
      {success && (
        <Banner tone="success" onDismiss={onDismissSuccess}>
          <p>{success}</p>
        </Banner>
      )}
    </>
  );
}
