import { Link } from "@shopify/polaris";
import { outcomeLogUrl, type OutcomeFilter } from "~/lib/outcomes";

/** A figure of the outcomes as a link to the orders behind it in the log. */
export function OutcomeLink({ filter, value, label }: { filter: OutcomeFilter; value: string; label: string }) {
  return (
    <Link url={outcomeLogUrl(filter)} removeUnderline accessibilityLabel={`${value} ${label}`}>
      {value}
    </Link>
  );
}
