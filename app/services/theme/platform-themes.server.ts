import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { numericId } from "../platform/gid";
import { PlatformApiError } from "../platform/errors.server";
import { platformGraphql, realSleep, type GraphqlOptions, type PlatformSession } from "../platform/graphql.server";
import type { ThemeCreateMutation } from "../../types/admin.generated";

/** The spec's Theme: what the install answers. */
export interface Theme {
  id: number;
  name: string;
  role: string;
  created_at: string;
}

export const THEME_CREATE_MUTATION = `#graphql
  mutation ThemeCreate($source: URL!, $name: String!) {
    themeCreate(source: $source, name: $name, role: UNPUBLISHED) {
      theme {
        id
        name
        role
        processing
        processingFailed
        createdAt
      }
      userErrors {
        field
        message
      }
    }
  }`;

export const THEME_STATUS_QUERY = `#graphql
  query ThemeStatus($id: ID!) {
    theme(id: $id) {
      id
      name
      role
      processing
      processingFailed
      createdAt
    }
  }`;

export interface FollowOptions extends GraphqlOptions {
  /** How long to follow the theme's processing before answering that it is still processing. */
  followForMs?: number;
  pollEveryMs?: number;
}

const FOLLOW_FOR_MS = 60_000;
const POLL_EVERY_MS = 1_000;

type ThemeNode = NonNullable<NonNullable<ThemeCreateMutation["themeCreate"]>["theme"]>;

/**
 * Asks the platform to create an unpublished theme from a ZIP it downloads from `source` (GraphQL
 * `themeCreate`), then follows the theme while the platform processes it: a processing failure (the
 * platform could not use the archive) is the merchant's answer, not a theme that silently never appears.
 */
export async function createUnpublishedTheme(
  session: PlatformSession,
  input: { name: string; src: string },
  options: FollowOptions = {},
): Promise<Theme> {
  const log = logger.child({ shop: session.shop, call: "themeCreate" });
  const data = await platformGraphql(
    session,
    THEME_CREATE_MUTATION,
    { source: input.src, name: input.name },
    options,
  ).catch(explainScope);
  const userErrors = data.themeCreate?.userErrors ?? [];
  if (userErrors.length || !data.themeCreate?.theme) {
    const detail = userErrors.map((e) => [e.field?.join("."), e.message].filter(Boolean).join(" ")).join("; ");
    log.warn({ detail }, "platform refused the theme");
    throw new AppError(422, `The platform refused the theme: ${detail || "no theme was created"}`, "theme_refused");
  }

  let theme: ThemeNode = data.themeCreate.theme;
  const sleep = options.sleep ?? realSleep;
  const deadline = Date.now() + (options.followForMs ?? FOLLOW_FOR_MS);
  while (theme.processing && !theme.processingFailed && Date.now() < deadline) {
    await sleep(options.pollEveryMs ?? POLL_EVERY_MS);
    const status = await platformGraphql(session, THEME_STATUS_QUERY, { id: theme.id }, options).catch(explainScope);
    if (!status.theme) {
      throw new AppError(502, "The platform lost the theme while processing it; try the installation again");
    }
    theme = status.theme;
  }
  if (theme.processing && !theme.processingFailed) {
    // Not an error: the platform keeps processing and the merchant finds the theme in Online Store > Themes.
    log.info({ themeId: theme.id }, "theme still processing when the installer stopped following it");
  }
  if (theme.processingFailed) {
    log.warn({ themeId: theme.id }, "platform could not process the theme");
    throw new AppError(
      422,
      "The platform could not process the theme archive (processing failed); check that it is a complete theme and try again",
      "theme_processing_failed",
    );
  }
  return {
    id: numericId(theme.id),
    name: theme.name,
    role: theme.role.toLowerCase(),
    created_at: theme.createdAt,
  };
}

function explainScope(error: unknown): never {
  if (error instanceof PlatformApiError && error.status === 403) {
    throw new AppError(403, "The platform refused: the app needs the write_themes access scope for this shop");
  }
  throw error;
}
