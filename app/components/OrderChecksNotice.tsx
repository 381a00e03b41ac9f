import { Banner } from "@shopify/polaris";
import { useI18n } from "~/i18n/context";

/** The home page's word on the pre-send checks (docs/decisions/220): orders of the week without a usable mobile. */
export function OrderChecksNotice({ withoutMobile }: { withoutMobile: number }) {
  const { t, tp } = useI18n();
  if (withoutMobile === 0) return null;
  return (
    <Banner tone="warning" action={{ content: t("home.noPhone.link"), url: "/app/settings#order-rules" }}>
      <p>{tp("home.noPhone", withoutMobile)}</p>
    </Banner>
  );
}
