import { Link } from "@shopify/polaris";
import { outcomeLogUrl, type OutcomeFilter } from "~/lib/outcomes";

/**
 * A figure of the outcomes as a link to the orders behind it in the log. `inText`: the figure sits in a sentence
 * (a stacked row on a phone), so it keeps its underline to be told apart from the words around it.
 */
export function OutcomeLink({
  filter,
  value,
  label,
  inText = false,
}: {
  filter: OutcomeFilter;
  value: string;
  label: string;
  inText?: boolean;
}) {
  return (
    <Link url={outcomeLogUrl(filter)} removeUnderline={!inText} accessibilityLabel={`${value} ${label}`}>
      {value}
    </Link>
  );
}
