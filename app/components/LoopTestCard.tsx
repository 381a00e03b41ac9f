import { Badge, Banner, BlockStack, Button, Card, InlineStack, Text } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";
import { apiGet, apiPost } from "~/lib/api-client";
import type { LoopStep, LoopStepState, LoopTestView } from "~/lib/loop-test";
import { LoadingCard } from "./LoadingCard";
import { useAction } from "./use-action";
import { useApi } from "./use-api";

/** How often a running test is read again: each read also moves it on (docs/decisions/150). */
const POLL_MS = 1000;

const BADGE_TONES: Record<LoopStepState, "success" | "attention" | "critical" | undefined> = {
  done: "success",
  waiting: "attention",
  failed: "critical",
  pending: undefined,
};

/**
 * "Test the whole loop": one button that places a test order on the store, then the loop's four steps as they
 * happen, with their time since the start, the failed step and what to check, and what became of the test order.
 */
export function LoopTestCard() {
  const { t, locale } = useI18n();
  const latest = useApi(() => apiGet<{ test: LoopTestView | null }>("/api/loop-test"), "loop-test");
  const [test, setTest] = useState<LoopTestView | null>(null);
  const [poll, setPoll] = useState(0);
  const start = useAction();
  const follow = useAction();

  useEffect(() => {
    if (latest.data) setTest(latest.data.test);
  }, [latest.data]);

  const running = test?.outcome === "running";
  const testId = test?.id;
  useEffect(() => {
    if (!running || !testId) return;
    const timer = setTimeout(() => {
      void follow.run(async () => {
        try {
          const { test: next } = await apiGet<{ test: LoopTestView }>("/api/loop-test", { id: testId });
          setTest(next);
        } finally {
          // A failed read is shown and tried again: the test goes on on the server either way.
          setPoll((value) => value + 1);
        }
      });
    }, POLL_MS);
    return () => clearTimeout(timer);
    // `follow` is a new object every render; the poll depends on the test and the tick only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, testId, poll, test]);

  if (latest.loading) return <LoadingCard lines={3} />;

  const run = () =>
    start.run(async () => {
      const { test: started } = await apiPost<{ test: LoopTestView }>("/api/loop-test", { locale });
      setTest(started);
    });

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
        {start.failure && <Banner tone="critical">{start.failure}</Banner>}
        {test && <LoopTestResult test={test} />}
        {follow.failure && running && <Banner tone="warning">{follow.failure}</Banner>}
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

function LoopTestResult({ test }: { test: LoopTestView }) {
  const { t, number } = useI18n();
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
          {test.outcome === "failed" && failed && (
            <Banner tone="critical" title={t("loopTest.failed", { step: t(`loopTest.step.${failed.key}`) })}>
              <BlockStack gap="100">
                {test.problem && (
                  <Text as="p">
                    <Text as="span" fontWeight="semibold">
                      {t("loopTest.whatToCheck")}:
                    </Text>{" "}
                    {t(`loopTest.problem.${test.problem}`)}
                  </Text>
                )}
                {test.detail && (
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
