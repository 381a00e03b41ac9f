import { BlockStack, Text } from "@shopify/polaris";

/** One timing figure under its label. */
export function Figure({ label, value, small }: { label: string; value: string; small?: boolean }) {
  return (
    <BlockStack gap="100">
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="p" variant={small ? "bodyMd" : "headingLg"}>
        {value}
      </Text>
    </BlockStack>
  );
}
