import { BlockStack, Modal, Text } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { showToast } from "~/components/toast";
import { useWrite } from "~/components/use-write";
import { useI18n } from "~/i18n/context";
import { clockLabel, type SendAnywayTiming } from "~/lib/sending-hours";

/** Why the rules held the order, as the page's checks read it: the phone's problem or the earlier order. */
export interface HoldReason {
  code: string | null;
  phoneProblem: string | null;
  duplicateOf: string | null;
}

const PHONE_PROBLEMS = ["fixed_line", "missing", "invalid"] as const;

type Translate = ReturnType<typeof useI18n>["t"];

function reasonText(t: Translate, reason: HoldReason) {
  if (reason.code === "held_possible_duplicate") {
    return reason.duplicateOf
      ? t("delivery.sendAnyway.reason.duplicateOf", { order: reason.duplicateOf })
      : t("delivery.sendAnyway.reason.duplicate");
  }
  if (reason.code === "held_high_risk") return t("delivery.sendAnyway.reason.highRisk");
  if (reason.code === "held_blocked_phone") return t("delivery.sendAnyway.reason.blockedPhone");
  const problem = PHONE_PROBLEMS.find((known) => known === reason.phoneProblem) ?? "other";
  return t(`delivery.sendAnyway.reason.${problem}`);
}

/** The sentence, the button and the toast for a timing: when the order goes, in the shop's clock. */
function timingWords(t: Translate, timing: SendAnywayTiming) {
  if (timing.goes === "at_opening") {
    const vars = { time: clockLabel(timing.opensAt) };
    return {
      when: t("delivery.sendAnyway.when.atOpening", vars),
      confirm: t("delivery.sendAnyway.confirm.atOpening", vars),
      done: t("delivery.sendAnyway.done.atOpening", vars),
    };
  }
  const goes = timing.goes === "when_resumed" ? "whenResumed" : "now";
  return {
    when: t(`delivery.sendAnyway.when.${goes}`),
    confirm: t(`delivery.sendAnyway.confirm.${goes}`),
    done: t(`delivery.sendAnyway.done.${goes}`),
  };
}

/**
 * "Send anyway" on an order the shop's rules held (docs/decisions/282): the merchant overrides their own rule, so the
 * page first says what happens (the buyer gets the flow's WhatsApp confirmation) and when, by the shop's sending
 * hours, as the loader read them. The toast words the server's answer, not the page's guess, and never says
 * "again": the order was never sent. One request per confirmation: a second click while it is on its way is ignored
 * (the server takes the order once anyway).
 */
export function useSendAnyway(orderName: string | null, reason: HoldReason, timing: SendAnywayTiming | null) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const sending = useRef(false);
  const write = useWrite<{ success: true; timing: SendAnywayTiming }>(undefined, (result) => {
    sending.current = false;
    setOpen(false);
    showToast(timingWords(t, result.timing).done);
  });
  // A refusal closes the question: the page's banner says why, and the merchant may ask again.
  const failed = write.failure;
  useEffect(() => {
    if (!failed) return;
    sending.current = false;
    setOpen(false);
  }, [failed]);

  function confirm() {
    if (sending.current) return;
    sending.current = true;
    write.submit("sendAnyway");
  }

  const words = timingWords(t, timing ?? { goes: "now" });
  const close = () => {
    if (!write.busy) setOpen(false);
  };
  const modal = (
    <Modal
      open={open}
      onClose={close}
      title={orderName ? t("delivery.sendAnyway.title", { name: orderName }) : t("delivery.sendAnyway.titleUnnamed")}
      primaryAction={{ content: words.confirm, onAction: confirm, loading: write.busy }}
      secondaryActions={[{ content: t("common.cancel"), onAction: close, disabled: write.busy }]}
    >
      <Modal.Section>
        <BlockStack gap="200">
          <Text as="p" fontWeight="semibold">
            {reasonText(t, reason)}
          </Text>
          <Text as="p">
            {t(
              reason.code === "held_possible_duplicate"
                ? "delivery.sendAnyway.buyer.duplicate"
                : "delivery.sendAnyway.buyer.noMobile",
            )}
          </Text>
          <Text as="p">{words.when}</Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
  return {
    request: () => {
      write.clear();
      setOpen(true);
    },
    modal,
    busy: write.busy,
    failure: write.failure,
  };
}
