import type { MetaArgs, MetaDescriptor } from "@remix-run/node";
import { resolveLocale, translate, type MessageKey, type Vars } from "~/i18n";

export type Title = { key: MessageKey; vars?: Vars } | MessageKey;

/** The merchant's language on the server and after client navigations: the layout's loader has the admin's `locale`. */
function localeOf(matches: MetaArgs["matches"]) {
  const layout = matches.find((match) => match.id === "routes/app")?.data as { locale?: string | null } | undefined;
  return resolveLocale(layout?.locale);
}

/**
 * A page's document title, "<page> · <app>", in the merchant's language (docs/decisions/132): in the first HTML,
 * so tabs, history and screen readers have it before any script runs. `title` may read the page's loader data.
 */
export function pageMeta<Data = unknown>(title: Title | ((data: Data | undefined) => Title)) {
  return ({ data, matches }: MetaArgs): MetaDescriptor[] => {
    const locale = localeOf(matches);
    const chosen = typeof title === "function" ? title(data as Data | undefined) : title;
    const { key, vars } = typeof chosen === "string" ? { key: chosen, vars: undefined } : chosen;
    const app = translate(locale, "app.title");
    const page = translate(locale, key, vars);
    return [{ title: page === app ? app : `${page} · ${app}` }];
  };
}
