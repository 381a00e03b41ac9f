import { useFetcher } from "@remix-run/react";
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";
import { deliveryErrorText } from "~/lib/deliveries";
import { failureMessage, isFailureBody, type FailureBody } from "~/lib/errors";
import type { LoopStep, LoopStepState, LoopTestView } from "~/lib/loop-test";
import { useWrite } from "./use-write";

/**
 * How long after one read of a running test the next starts (docs/decisions/145): each read also moves the test on
 * (docs/decisions/150), and a step takes seconds, so a second shows each step as it happens.
 */
const POLL_MS = 1000;
const ROUTE = "/app/loop-test";

const BADGE_TONES: Record<LoopStepState, "success" | "attention" | "critical" | undefined> = {
  done: "success",
  waiting: "attention",
  failed: "critical",
  pending: undefined,
};

/**
 * "Test the whole loop": one button that places a test order on the store, then the loop's four steps as they
 * happen, with their time since the start, the failed step and what to check, and what became of the test order.
 * The shop's latest test comes with the page (its loader); a running one is read again through the `app.loop-test`
 * resource route with a fetcher until it ends or the page is left.
 */
export function LoopTestCard({ latest, paused }: { latest: LoopTestView | null; paused: boolean }) {
  const { t, locale } = useI18n();
  const [test, setTest] = useState<LoopTestView | null>(latest);
  const start = useWrite<{ success: true; test: LoopTestView }>(ROUTE, (answer) => setTest(answer.test));
  const follow = useFetcher<{ success: true; test: LoopTestView } | FailureBody>();

  // The page's loader runs again after the start (Remix revalidates after a write): the same test, read later.
  useEffect(() => {
    setTest((current) => (latest && (!current || current.id === latest.id) ? latest : current));
  }, [latest]);

  const answer = follow.data;
  useEffect(() => {
    if (answer && !isFailureBody(answer))
      setTest((current) => (current?.id === answer.test.id ? answer.test : current));
  }, [answer]);

  const running = test?.outcome === "running";
  const testId = test?.id;
  // The next read starts a second after the last one answered (never two at once); it stops when the test has
  // ended or the card is gone. A failed read is shown and tried again: the test goes on on the server either way.
  useEffect(() => {
    if (!running || !testId || follow.state !== "idle") return;
    const timer = setTimeout(() => follow.load(`${ROUTE}?${new URLSearchParams({ id: testId })}`), POLL_MS);
    return () => clearTimeout(timer);
    // `follow.load` is stable for the fetcher's life; a new answer (`answer`) schedules the next read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, testId, follow.state, answer]);

  // The pause state is as recent as the page's loader: it says a pause's failure is past only for a test that had
  // already ended when the loader read both (one that ends while the page is open was failed by the pause now).
  const loadedEnded = latest !== null && latest.finishedAt !== null && latest.id === test?.id;
  const readFailure = running && isFailureBody(answer) ? failureMessage(t, answer) : undefined;
  const run = () => start.submit("start", { locale });

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t("loopTest.title")}
          </Text>
          <Text as="p" tone="subdued">
            {t("loopTest.intro")}
          </Text>
        </BlockStack>
        {start.message && <Banner tone="critical">{start.message}</Banner>}
        {test && <LoopTestResult test={test} resumed={loadedEnded && !paused} />}
        {readFailure && <Banner tone="warning">{readFailure}</Banner>}
        <InlineStack align="end">
          <Button variant="primary" onClick={run} loading={start.busy} disabled={running}>
            {test ? t("loopTest.again") : t("loopTest.start")}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}

function seconds(ms: number, number: (value: number) => string) {
  return number(Math.round(ms / 100) / 10);
}

/**
 * The test's outcome, dated: an old failure reads as the past it is. A test that failed because automation was
 * paused says so once the merchant has resumed it, instead of what to check.
 */
function LoopTestResult({ test, resumed }: { test: LoopTestView; resumed: boolean }) {
  const i18n = useI18n();
  const { t, number, locale, dateTime } = i18n;
  // Why the app did not send it (a skip), in the merchant's words: the same as the log's.
  const reason = test.reason ? deliveryErrorText(i18n, test.reason)?.message : undefined;
  const resumedSince = resumed && test.outcome === "failed" && test.problem === "automation_paused";
  const order = test.orderName ?? "";
  const failed = test.steps.find((step) => step.state === "failed");
  const total = test.steps.at(-1)?.afterMs;
  return (
    <BlockStack gap="300">
      <div aria-live="polite" data-testid="loop-test" data-outcome={test.outcome}>
        <BlockStack gap="300">
          {test.outcome === "running" && (
            <Text as="p">{order ? t("loopTest.following", { order }) : t("loopTest.placing")}</Text>
          )}
          {test.outcome === "passed" && (
            <Banner tone="success">{t("loopTest.passed", { seconds: seconds(total ?? 0, number) })}</Banner>
          )}
          {test.outcome === "passed" && test.flowReportedFailure && (
            <Banner tone="warning">{t("loopTest.flowReportedFailure")}</Banner>
          )}
          {test.outcome !== "running" && (
            <Text as="p" tone="subdued">
              {t("loopTest.ranAt", { time: dateTime(test.startedAt) })}
            </Text>
          )}
          {test.outcome === "failed" && failed && (
            <Banner
              tone={resumedSince ? "info" : "critical"}
              title={t("loopTest.failed", { step: t(`loopTest.step.${failed.key}`) })}
            >
              <BlockStack gap="100">
                {resumedSince && <Text as="p">{t("loopTest.resumedSince")}</Text>}
                {test.problem && !resumedSince && (
                  <Text as="p">
                    <Text as="span" fontWeight="semibold">
                      {t("loopTest.whatToCheck")}:
                    </Text>{" "}
                    {t(`loopTest.problem.${test.problem}`)}
                  </Text>
                )}
                {reason && !resumedSince && <Text as="p">{t("loopTest.reason", { reason })}</Text>}
                {/* What the app saw is its own English sentence: shown where the admin reads English only; the
                    problem above says what to check in the merchant's language. */}
                {test.detail && locale === "en" && (
                  <Text as="p" tone="subdued" breakWord>
                    {t("loopTest.detail", { detail: test.detail })}
                  </Text>
                )}
              </BlockStack>
            </Banner>
          )}
        </BlockStack>
      </div>
      {/* The steps in order, as list items directly under the list (a wrapper between them breaks the list). */}
      <ol style={{ margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: "var(--p-space-200)" }}>
        {test.steps.map((step) => (
          <StepRow key={step.key} step={step} />
        ))}
      </ol>
      {order && (
        <Text as="p" tone="subdued">
          {t(test.cleanup ? `loopTest.cleanup.${test.cleanup}` : "loopTest.cleanup.waiting", { order })}
        </Text>
      )}
    </BlockStack>
  );
}

function StepRow({ step }: { step: LoopStep }) {
  const { t, number } = useI18n();
  return (
    <li data-step={step.key} data-state={step.state} style={{ listStyle: "none" }}>
      <InlineStack gap="200" align="space-between" blockAlign="center">
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <Badge tone={BADGE_TONES[step.state]}>{t(`loopTest.badge.${step.state}`)}</Badge>
          <Text as="span" fontWeight={step.state === "pending" ? "regular" : "semibold"}>
            {t(`loopTest.step.${step.key}`)}
          </Text>
        </InlineStack>
        {step.state === "done" && step.afterMs !== null && (
          <Text as="span" tone="subdued">
            {t("loopTest.state.done", { seconds: seconds(step.afterMs, number) })}
          </Text>
        )}
      </InlineStack>
    </li>
  );
}
