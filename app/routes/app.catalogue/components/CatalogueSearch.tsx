import { Card, InlineGrid, Select, TextField } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/i18n/context";
import type { Filter } from "~/lib/supplier";

const SEARCH_DELAY_MS = 350;

/** The catalogue's search box and filter; a typed search is sent once typing pauses. */
export function CatalogueSearch({
  search,
  onSearch,
}: {
  search: { q: string; filter: Filter };
  onSearch: (next: { q?: string; filter?: Filter }) => void;
}) {
  const { t } = useI18n();
  const [input, setInput] = useState(search.q);

  // The search this box last put in the URL: any other change of the URL (Back, a link) is shown in the box.
  const sent = useRef(search.q);
  useEffect(() => {
    if (search.q !== sent.current) setInput(search.q);
    sent.current = search.q;
  }, [search.q]);

  useEffect(() => {
    const next = input.trim();
    // Only a changed search reloads (not the first render, nor trailing spaces).
    if (next === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = next;
      onSearch({ q: next });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // `onSearch` reads the URL it is called with; the search only follows what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [input]);

  return (
    <Card>
      <InlineGrid columns={{ xs: 1, md: "2fr 1fr" }} gap="300">
        <TextField
          label={t("catalogue.search")}
          placeholder={t("catalogue.searchPlaceholder")}
          value={input}
          onChange={setInput}
          autoComplete="off"
          clearButton
          onClearButtonClick={() => setInput("")}
        />
        <Select
          label={t("catalogue.filter")}
          options={[
            { label: t("catalogue.filter.favorites"), value: "favorites" },
            { label: t("catalogue.filter.private"), value: "private" },
            { label: t("catalogue.filter.all"), value: "all" },
          ]}
          value={search.filter}
          onChange={(value) => onSearch({ filter: value as Filter })}
          disabled={Boolean(search.q)}
          helpText={search.q ? t("catalogue.filterIgnoredWhileSearching") : undefined}
        />
      </InlineGrid>
    </Card>
  );
}
