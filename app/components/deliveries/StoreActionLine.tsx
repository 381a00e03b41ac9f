import { Badge, BlockStack, InlineStack, Text } from "@shopify/polaris";
import { useI18n, type I18n } from "~/i18n/context";
import { problemKind } from "~/lib/app-action";
import { headlineStoreAction, type StoreAction } from "~/lib/store-actions";

type T = I18n["t"];

const stageWord = (t: T, stage: string) => t(`journey.stage.${stage}` as Parameters<T>[0]);

/** The action in the merchant's words: what was done ("Fulfilled with tracking 123 by Servientrega"), or what was not. */
export function storeActionText(t: T, action: StoreAction): string {
  if (action.status === "done") {
    if (action.kind === "fulfilled") {
      const number = action.tracking?.number ?? "—";
      return action.tracking?.company
        ? t("storeAction.done.fulfilledBy", { number, company: action.tracking.company })
        : t("storeAction.done.fulfilled", { number });
    }
    if (action.kind === "event") return t("storeAction.done.event", { stage: stageWord(t, action.stage) });
    return t(`storeAction.done.${action.kind}`);
  }
  const what =
    action.kind === "event"
      ? t("storeAction.what.event", { stage: stageWord(t, action.stage) })
      : t(`storeAction.what.${action.kind}`);
  return t(`storeAction.status.${action.status}`, { what });
}

/**
 * Why it was not done, in the merchant's words (never the platform's English); null when it was. A store that did
 * not answer, or one that refused: the hold's "fulfilments in progress" wording is about a cancel, not these steps.
 */
function whyNot(t: T, action: StoreAction): string | null {
  if (action.reason) return t(`storeAction.reason.${action.reason}`);
  if (!action.problem) return null;
  return problemKind(action.problem) === "unavailable"
    ? t("deliveries.appAction.problem.unavailable")
    : t("deliveries.appAction.problem.other");
}

const TONES = { done: "success", owed: "info", stood_down: undefined, given_up: "critical" } as const;

/**
 * One thing the app did (or could not do) to the store order because of the parcel, with when (the shop's zone),
 * where the stock went on a cancel, the tag it added, and why a step was left or refused.
 */
export function StoreActionLine({ action, withTag = false }: { action: StoreAction; withTag?: boolean }) {
  const { t, dateTime } = useI18n();
  const why = whyNot(t, action);
  return (
    <span data-store-action={`${action.kind}:${action.status}`}>
      <BlockStack gap="050">
        <InlineStack gap="100" blockAlign="center">
          {action.status === "done" ? (
            <Text as="span">{storeActionText(t, action)}</Text>
          ) : (
            <Badge tone={TONES[action.status]}>{storeActionText(t, action)}</Badge>
          )}
          <Text as="span" tone="subdued">
            {dateTime(action.at)}
          </Text>
        </InlineStack>
        {action.restock && (
          <Text as="span" tone="subdued">
            {t(`storeAction.restock.${action.restock}`)}
          </Text>
        )}
        {why && (
          <Text as="span" tone={action.status === "given_up" ? "critical" : "subdued"}>
            {why}
          </Text>
        )}
        {withTag && action.tag && (
          <Text as="span" tone="subdued">
            {t("storeAction.tag", { tag: action.tag })}
          </Text>
        )}
      </BlockStack>
    </span>
  );
}

/**
 * The log's column: the one action that says most (a refusal, else the latest done), and how many more steps the
 * order's page lists.
 */
export function StoreActionSummary({ actions }: { actions: StoreAction[] }) {
  const { tp } = useI18n();
  const headline = headlineStoreAction(actions);
  if (!headline) return null;
  const more = actions.length - 1;
  return (
    <BlockStack gap="050">
      <StoreActionLine action={headline} />
      {more > 0 && (
        <Text as="span" tone="subdued">
          {tp("storeAction.more", more)}
        </Text>
      )}
    </BlockStack>
  );
}
