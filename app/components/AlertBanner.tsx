import { Banner, Box } from "@shopify/polaris";
import { useEffect, useState } from "react";
import { useI18n } from "~/i18n/context";
import { apiGet } from "~/lib/api-client";

interface Alert {
  kind: "key_refused" | "failure_spike";
  failing: number;
}

/** Every page's warning when deliveries start failing (docs/decisions/113), with what to do about it. */
export function AlertBanner() {
  const { t, number } = useI18n();
  const [alert, setAlert] = useState<Alert | null>(null);

  useEffect(() => {
    let active = true;
    const check = () =>
      apiGet<{ alert: Alert | null }>("/api/alerts")
        .then((body) => active && setAlert(body.alert))
        // The banner is a hint: a failed check leaves the page as it is (the pages show their own errors).
        .catch((error: unknown) => console.warn("alert check failed", error));
    check();
    const timer = setInterval(check, 60_000);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);

  if (!alert) return null;
  const keyRefused = alert.kind === "key_refused";
  return (
    <Box padding="400" paddingBlockEnd="0">
      <Banner
        tone="critical"
        title={keyRefused ? t("alerts.keyRefusedTitle") : t("alerts.spikeTitle", { count: number(alert.failing) })}
        action={
          keyRefused
            ? { content: t("alerts.openSettings"), url: "/app/settings" }
            : { content: t("alerts.openFailed"), url: "/app/deliveries?status=dead" }
        }
      >
        <p>{keyRefused ? t("alerts.keyRefusedBody") : t("alerts.spikeBody")}</p>
      </Banner>
    </Box>
  );
}
