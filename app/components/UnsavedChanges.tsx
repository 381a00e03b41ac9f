import { SaveBar } from "@shopify/app-bridge-react";
import { useBlocker } from "@remix-run/react";
import { Modal, Text } from "@shopify/polaris";
import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";

export interface SectionState {
  dirty: boolean;
  /** A save posted to the page's action (a fetcher): its answer comes back to the form, not here. */
  save: () => void;
  discard: () => void;
  /** A write of the form is under way (the bar's Save shows it). */
  busy: boolean;
}

/**
 * The forms of a page report whether they hold unsaved changes; the page shows the admin's contextual save bar
 * (App Bridge `ui-save-bar`) while any does, whose Save saves every changed form and Discard resets them. Leaving
 * with unsaved changes asks first: in-app navigation through Remix's blocker, closing the tab through beforeunload
 * (the admin's own navigation is held by the save bar itself).
 */
export function useUnsavedChanges() {
  const sections = useRef(new Map<string, SectionState>());
  const [dirtyNames, setDirtyNames] = useState<string[]>([]);
  const [busyNames, setBusyNames] = useState<string[]>([]);
  const report = useCallback((name: string, state: SectionState) => {
    sections.current.set(name, state);
    const update = (flag: boolean) => (before: string[]) => {
      const has = before.includes(name);
      if (flag === has) return before;
      return flag ? [...before, name] : before.filter((other) => other !== name);
    };
    setDirtyNames(update(state.dirty));
    setBusyNames(update(state.busy));
  }, []);
  return { dirty: dirtyNames.length > 0, busy: busyNames.length > 0, report, sections };
}

export function UnsavedChangesBar({ state }: { state: ReturnType<typeof useUnsavedChanges> }) {
  const { t } = useI18n();
  const saving = state.busy;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return state.dirty && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!state.dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [state.dirty]);

  // Each form posts its own write; the sections do not depend on each other's (the supplier's needs a saved key,
  // and its fields are locked until there is one).
  function saveAll() {
    for (const section of state.sections.current.values()) if (section.dirty) section.save();
  }
  function discardAll() {
    for (const section of state.sections.current.values()) if (section.dirty) section.discard();
  }

  return (
    <>
      <SaveBar id="settings-save-bar" open={state.dirty}>
        <button variant="primary" onClick={saveAll} loading={saving ? "" : undefined} disabled={saving}>
          {t("common.save")}
        </button>
        <button onClick={discardAll} disabled={saving}>
          {t("unsaved.discard")}
        </button>
      </SaveBar>
      <Modal
        open={blocker.state === "blocked"}
        onClose={() => blocker.reset?.()}
        title={t("unsaved.leaveTitle")}
        primaryAction={{ content: t("unsaved.leave"), destructive: true, onAction: () => blocker.proceed?.() }}
        secondaryActions={[{ content: t("unsaved.stay"), onAction: () => blocker.reset?.() }]}
      >
        <Modal.Section>
          <Text as="p">{t("unsaved.leaveBody")}</Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
