import { useFetcher } from "@remix-run/react";
import { Banner, Box } from "@shopify/polaris";
import { useEffect } from "react";
import { useI18n } from "~/i18n/context";
import { isFailureBody, type FailureBody } from "~/lib/errors";

export interface Alert {
  kind: "key_refused" | "failure_spike" | "ip_not_allowed";
  failing: number;
  retrying: number;
  dead: number;
  flowFailed: number;
}

/**
 * How often the banner checks again (docs/decisions/145): the alert looks at the last hour of deliveries
 * (docs/decisions/113), so a minute is soon enough and costs one small query per open admin a minute.
 */
const CHECK_MS = 60_000;

/**
 * Every page's warning when deliveries start failing (docs/decisions/113), with what to do about it. The layout's
 * loader gives the state with the document; the `app.alerts` resource route is checked again with a fetcher once a
 * minute while the tab is visible (and at once when it becomes visible again after that).
 */
export function AlertBanner({ initial }: { initial: Alert | null }) {
  const { t, tp } = useI18n();
  const check = useFetcher<{ success: true; alert: Alert | null } | FailureBody>();

  useEffect(() => {
    let last = Date.now();
    const load = () => {
      if (document.visibilityState !== "visible") return;
      last = Date.now();
      check.load("/app/alerts");
    };
    const timer = setInterval(load, CHECK_MS);
    const onVisible = () => {
      if (Date.now() - last >= CHECK_MS) load();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
    };
    // `check.load` is stable for the fetcher's life: one timer for the layout's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The banner is a hint: a failed check keeps what was known (the pages show their own errors).
  const alert = check.data && !isFailureBody(check.data) ? check.data.alert : initial;
  if (!alert) return null;
  if (alert.kind === "ip_not_allowed") {
    // Nothing for the merchant to do or open: the app's operator fixes the allowlist (docs/decisions/189).
    return (
      <Box padding="400" paddingBlockEnd="0">
        <Banner tone="critical" title={t("alerts.ipNotAllowedTitle")}>
          <p>{t("alerts.ipNotAllowedBody")}</p>
        </Banner>
      </Box>
    );
  }
  const keyRefused = alert.kind === "key_refused";
  // The spike's list opens where the most need the merchant: those no longer retried, else the others.
  const open = alert.dead ? "dead" : alert.retrying ? "retrying" : "flow_failed";
  const spike = [
    t("alerts.spike.cause"),
    alert.retrying ? tp("alerts.spike.retrying", alert.retrying) : "",
    alert.dead ? tp("alerts.spike.dead", alert.dead) : "",
    alert.flowFailed ? tp("alerts.spike.flowFailed", alert.flowFailed) : "",
  ].filter(Boolean);
  return (
    <Box padding="400" paddingBlockEnd="0">
      <Banner
        tone="critical"
        title={keyRefused ? t("alerts.keyRefusedTitle") : tp("alerts.spikeTitle2", alert.failing)}
        action={
          keyRefused
            ? { content: t("alerts.openSettings"), url: "/app/settings" }
            : { content: t(`alerts.open.${open}`), url: `/app/deliveries?status=${open}` }
        }
      >
        <p>{keyRefused ? t("alerts.keyRefusedBody") : spike.join(" ")}</p>
      </Banner>
    </Box>
  );
}
