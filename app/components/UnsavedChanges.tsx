import { SaveBar } from "@shopify/app-bridge-react";
import { useBlocker } from "@remix-run/react";
import { Modal, Text } from "@shopify/polaris";
import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";

export interface SectionState {
  dirty: boolean;
  save: () => Promise<void>;
  discard: () => void;
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
  const report = useCallback((name: string, state: SectionState) => {
    sections.current.set(name, state);
    setDirtyNames((before) => {
      const has = before.includes(name);
      if (state.dirty === has) return before;
      return state.dirty ? [...before, name] : before.filter((other) => other !== name);
    });
  }, []);
  return { dirty: dirtyNames.length > 0, report, sections };
}

export function UnsavedChangesBar({ state }: { state: ReturnType<typeof useUnsavedChanges> }) {
  const { t } = useI18n();
  const [saving, setSaving] = useState(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return state.dirty && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!state.dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [state.dirty]);

  async function saveAll() {
    setSaving(true);
    try {
      for (const section of state.sections.current.values()) if (section.dirty) await section.save();
    } finally {
      setSaving(false);
    }
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
