import type { MessageKey } from "~/i18n";
import type { PublicConfiguration } from "./api-types";

export interface SetupState {
  configuration: PublicConfiguration | null;
  linkedProducts: number;
  themes: number;
}

export interface SetupStep {
  key: MessageKey;
  done: boolean;
  to: string;
}

/** The home page checklist: what a merchant still has to do, and where it is done. */
export function setupSteps({ configuration: c, linkedProducts, themes }: SetupState): SetupStep[] {
  return [
    { key: "home.checklist.automation", done: Boolean(c?.automationApiKey), to: "/app/settings" },
    {
      key: "home.checklist.flows",
      done: Boolean(c?.newOrderFlowId && c?.abandonedCartFlowId),
      to: "/app/settings",
    },
    {
      key: "home.checklist.supplier",
      done: Boolean(c?.supplierStoreName && c?.supplierToken),
      to: "/app/settings#supplier",
    },
    { key: "home.checklist.product", done: linkedProducts > 0, to: "/app/catalogue" },
    { key: "home.checklist.theme", done: themes > 0, to: "/app/theme" },
  ];
}
