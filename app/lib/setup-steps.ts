import type { MessageKey } from "~/i18n";
import type { PublicConfiguration } from "./api-types";

export interface SetupState {
  configuration: PublicConfiguration | null;
  linkedProducts: number;
  themes: number;
  /** The automation platform refuses the saved key (the delivery alert's `key_refused`): connected, but not working. */
  keyRefused?: boolean;
}

export interface SetupStep {
  key: MessageKey;
  /** What the step is for, in a sentence. */
  help: MessageKey;
  done: boolean;
  to: string;
  /** The steps that must be done before this one can be (the API key before its flows, ...). */
  needs: MessageKey[];
  /** Not done, and every step it needs is. */
  available: boolean;
  /** Set up, but refused by the platform it connects: the step shows the refusal and leads to the fix. */
  refused?: boolean;
}

/**
 * The home page checklist: what a merchant still has to do, where it is done, and in which order (a step is
 * offered once the steps it needs are done).
 */
export function setupSteps({ configuration: c, linkedProducts, themes, keyRefused }: SetupState): SetupStep[] {
  const refused = Boolean(c?.automationApiKey && keyRefused);
  const steps: Omit<SetupStep, "available">[] = [
    {
      key: "home.checklist.automation",
      help: refused ? "home.checklist.automation.refused" : "home.checklist.automation.help",
      // A refused key is not a connection: the step is to do again, though what follows it stays open.
      done: Boolean(c?.automationApiKey) && !refused,
      to: "/app/settings",
      needs: [],
      refused,
    },
    {
      key: "home.checklist.flows",
      help: "home.checklist.flows.help",
      done: Boolean(c?.newOrderFlowId && c?.abandonedCartFlowId),
      to: "/app/settings",
      needs: ["home.checklist.automation"],
    },
    {
      key: "home.checklist.supplier",
      help: "home.checklist.supplier.help",
      done: Boolean(c?.supplierStoreName && c?.supplierToken),
      to: "/app/settings#supplier",
      // The supplier token is stored through the automation platform.
      needs: ["home.checklist.automation"],
    },
    {
      key: "home.checklist.product",
      help: "home.checklist.product.help",
      done: linkedProducts > 0,
      to: "/app/catalogue",
      needs: ["home.checklist.supplier"],
    },
    {
      key: "home.checklist.theme",
      help: "home.checklist.theme.help",
      done: themes > 0,
      to: "/app/theme",
      needs: [],
    },
  ];
  const done = new Set(steps.filter((step) => step.done || step.refused).map((step) => step.key));
  return steps.map((step) => ({ ...step, available: !step.done && step.needs.every((need) => done.has(need)) }));
}

/** Steps a shop can go without: the guide may be hidden once every other one is done. */
const OPTIONAL_STEPS: readonly MessageKey[] = ["home.checklist.theme"];

/** Whether the guide has done its job: every step the orders need is done (the theme is optional). */
export function setupComplete(steps: SetupStep[]) {
  return steps.every((step) => step.done || OPTIONAL_STEPS.includes(step.key));
}
