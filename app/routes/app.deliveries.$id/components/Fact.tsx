import { Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/** One labelled value of a side card, on its own line. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text as="p">
      {label}: {children}
    </Text>
  );
}
