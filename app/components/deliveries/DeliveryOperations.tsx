import { useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineStack, Modal, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { ApiErrorBanner } from "~/components/ApiErrorBanner";
import { showToast } from "~/components/toast";
import { useAction } from "~/components/use-action";
import { useI18n } from "~/i18n/context";
import { pluralKey } from "~/i18n/plural";
import { apiGet, apiPath, apiPost, ApiError } from "~/lib/api-client";

interface PauseState {
  paused: boolean;
  pausedAt: string | null;
  waiting: number;
}

/**
 * The deliveries page's operations (docs/decisions/112): search (the `q` query parameter the list reads),
 * CSV export of the filtered log, retry all failed with a confirmation, and pause / resume.
 */
export function DeliveryOperations({ onChanged }: { onChanged: () => void }) {
  const { t, locale, number, dateTime } = useI18n();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const [failed, setFailed] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pause, setPause] = useState<PauseState | null>(null);
  const action = useAction<"retry" | "pause" | "export">();

  async function refresh() {
    const [count, state] = await Promise.all([
      apiGet<{ count: number }>("/api/deliveries/retry-failed"),
      apiGet<PauseState>("/api/automation/pause"),
    ]);
    setFailed(count.count);
    setPause(state);
  }

  useEffect(() => {
    refresh().catch((error: unknown) => action.setFailure(error instanceof Error ? error.message : String(error)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once on mount; writes refresh explicitly
  }, []);

  // The list follows the URL; typing waits a moment so each keystroke is not a request.
  useEffect(() => {
    const timer = setTimeout(() => {
      const current = params.get("q") ?? "";
      if (current === search.trim()) return;
      const next = new URLSearchParams(params);
      if (search.trim()) next.set("q", search.trim());
      else next.delete("q");
      next.delete("page");
      setParams(next);
    }, 400);
    return () => clearTimeout(timer);
  }, [search, params, setParams]);

  const retryAll = () =>
    action.run(async () => {
      const result = await apiPost<{ queued: number }>("/api/deliveries/retry-failed");
      setConfirming(false);
      showToast(t(pluralKey(locale, "operations.retryQueued", result.queued), { count: number(result.queued) }));
      await refresh();
      onChanged();
    }, "retry");

  const togglePause = () =>
    action.run(async () => {
      setPause(await apiPost<PauseState>("/api/automation/pause", { paused: !pause?.paused }));
      onChanged();
    }, "pause");

  const exportCsv = () =>
    action.run(async () => {
      const path = apiPath("/api/deliveries/export", { status: params.get("status"), q: params.get("q") });
      const response = await fetch(path);
      if (!response.ok) throw new ApiError(response.status, `HTTP ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download =
        /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "deliveries.csv";
      link.click();
      URL.revokeObjectURL(url);
    }, "export");

  return (
    <Card>
      <BlockStack gap="300">
        {pause?.paused && (
          <Banner tone="warning" title={t("operations.pausedTitle")}>
            <p>
              {t(pluralKey(locale, "operations.pausedBody", pause.waiting), {
                count: number(pause.waiting),
                since: dateTime(pause.pausedAt),
              })}
            </p>
          </Banner>
        )}
        <ApiErrorBanner message={action.failure} onDismiss={() => action.setFailure(undefined)} />
        <TextField
          label={t("operations.search")}
          placeholder={t("operations.searchPlaceholder")}
          value={search}
          onChange={setSearch}
          clearButton
          onClearButtonClick={() => setSearch("")}
          autoComplete="off"
        />
        <InlineStack gap="200">
          <Button onClick={exportCsv} loading={action.pending === "export"} disabled={action.busy}>
            {t("operations.export")}
          </Button>
          <Button
            onClick={() => setConfirming(true)}
            disabled={!failed || action.busy}
            tone="critical"
            variant="secondary"
          >
            {t("operations.retryAll", { count: number(failed ?? 0) })}
          </Button>
          <Button onClick={togglePause} loading={action.pending === "pause"} disabled={!pause || action.busy}>
            {pause?.paused ? t("operations.resume") : t("operations.pause")}
          </Button>
        </InlineStack>
      </BlockStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t("operations.retryConfirmTitle")}
        primaryAction={{
          content: t("operations.retryConfirm"),
          onAction: retryAll,
          loading: action.pending === "retry",
        }}
        secondaryActions={[{ content: t("common.cancel"), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">
            {t(pluralKey(locale, "operations.retryConfirmBody", failed ?? 0), { count: number(failed ?? 0) })}
          </Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
