import { useSearchParams } from "@remix-run/react";
import { Banner, BlockStack, Button, Card, InlineStack, Modal, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { ApiErrorBanner, useErrorMessage } from "~/components/ApiErrorBanner";
import type { useWrite } from "~/components/use-write";
import { useAction } from "~/components/use-action";
import { useI18n } from "~/i18n/context";
import { pluralKey } from "~/i18n/plural";

interface PauseState {
  paused: boolean;
  pausedAt: string | null;
  waiting: number;
}

/**
 * The deliveries page's operations (docs/decisions/112): search (the `q` query parameter the list reads),
 * CSV export of the filtered log, retry all failed with a confirmation, and pause / resume, each confirmed first. Their state comes
 * with the page's loader; the writes go through the page's action (`operation`), which reloads it.
 */
export function DeliveryOperations({
  failed,
  pause,
  operation,
}: {
  failed: number;
  pause: PauseState;
  operation: ReturnType<typeof useWrite<{ success: true; queued?: number; remaining?: number }>>;
}) {
  const { t, locale, formatLocale, number, dateTime } = useI18n();
  const message = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get("q") ?? "");
  const [confirming, setConfirming] = useState(false);
  // Pausing holds every new order and resuming sends the waiting ones at once: each asks first.
  const [confirmingPause, setConfirmingPause] = useState(false);
  const download = useAction<"export">();
  const busy = operation.busy || download.busy;
  const failure = operation.failure && operation.intent !== "retry" ? message(operation.failure) : download.failure;

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

  // The confirmation closes once the retry is queued.
  const queued = operation.result?.intent === "retry-failed" ? operation.result : undefined;
  useEffect(() => {
    if (queued) setConfirming(false);
  }, [queued]);
  const toggled = operation.result?.intent === "pause" ? operation.result : undefined;
  useEffect(() => {
    if (toggled) setConfirmingPause(false);
  }, [toggled]);

  const retryAll = () => operation.submit("retry-failed");
  const togglePause = () => operation.submit("pause", { paused: !pause.paused });

  // A file, not page data: the export route streams it (the same service as the JSON route's).
  const exportCsv = () =>
    download.run(async () => {
      const query = new URLSearchParams();
      // Every filter the log reads, the outcomes' (a figure's orders) and the risk level's included.
      for (const name of [
        "status",
        "q",
        "appAction",
        "journey",
        "risk",
        "outcome",
        "outcomeKey",
        "measure",
        "from",
        "to",
      ]) {
        // The log reads at most the search's first 100 characters; the file follows what the log shows.
        const value = name === "q" ? params.get(name)?.trim().slice(0, 100) : params.get(name);
        if (value) query.set(name, value);
      }
      // The file speaks the merchant's language, with its separator (docs/decisions/203).
      query.set("locale", formatLocale);
      const response = await fetch(`/app/deliveries/export${query.size ? `?${query}` : ""}`);
      // Not a JSON route: its status is all there is to word (the generic failure).
      if (!response.ok) return download.setFailure(message({ success: false, error: `HTTP ${response.status}` }));
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
        {pause.paused && (
          <Banner tone="warning" title={t("operations.pausedTitle")}>
            <p>
              {t(pluralKey(locale, "operations.pausedBody", pause.waiting), {
                count: number(pause.waiting),
                since: dateTime(pause.pausedAt),
              })}
            </p>
          </Banner>
        )}
        <ApiErrorBanner message={failure} />
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
          <Button onClick={exportCsv} loading={download.busy} disabled={busy}>
            {t("operations.export")}
          </Button>
          <Button onClick={() => setConfirming(true)} disabled={!failed || busy} tone="critical" variant="secondary">
            {t("operations.retryAll", { count: number(failed) })}
          </Button>
          <Button onClick={() => setConfirmingPause(true)} loading={operation.pending("pause")} disabled={busy}>
            {pause.paused ? t("operations.resume") : t("operations.pause")}
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
          loading: operation.pending("retry-failed"),
        }}
        secondaryActions={[{ content: t("common.cancel"), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <Text as="p">{t(pluralKey(locale, "operations.retryConfirmBody", failed), { count: number(failed) })}</Text>
        </Modal.Section>
      </Modal>
      <Modal
        open={confirmingPause}
        onClose={() => setConfirmingPause(false)}
        title={t(pause.paused ? "operations.resumeConfirmTitle" : "operations.pauseConfirmTitle")}
        primaryAction={{
          content: t(pause.paused ? "operations.resumeConfirm" : "operations.pauseConfirm"),
          onAction: togglePause,
          loading: operation.pending("pause"),
        }}
        secondaryActions={[{ content: t("common.cancel"), onAction: () => setConfirmingPause(false) }]}
      >
        <Modal.Section>
          <Text as="p">
            {pause.paused
              ? t(pluralKey(locale, "operations.resumeConfirmBody", pause.waiting), { count: number(pause.waiting) })
              : t("operations.pauseConfirmBody")}
          </Text>
        </Modal.Section>
      </Modal>
    </Card>
  );
}
