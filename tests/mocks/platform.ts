import { http, HttpResponse } from "msw";
import { themesUrl } from "~/services/theme/platform-themes.server";

export interface ThemeCreateRequest {
  url: string;
  headers: Record<string, string>;
  body: { theme: { name: string; src: string; role: string } };
}

/** The platform's REST theme creation, answering like the platform; `respond` may inspect the request. */
export function themesCreate(
  shop: string,
  respond: (request: ThemeCreateRequest) => Promise<Response> | Response = ({ body }) => themeCreated(body.theme.name),
) {
  const requests: ThemeCreateRequest[] = [];
  const handler = http.post(themesUrl(shop), async ({ request }) => {
    const recorded: ThemeCreateRequest = {
      url: request.url,
      headers: Object.fromEntries(request.headers.entries()),
      body: (await request.json()) as ThemeCreateRequest["body"],
    };
    requests.push(recorded);
    return respond(recorded);
  });
  return { handler, requests };
}

export function themeCreated(name: string, id = 828155753) {
  return HttpResponse.json(
    {
      theme: {
        id,
        name,
        created_at: "2026-11-22T01:50:00-05:00",
        updated_at: "2026-11-22T01:50:00-05:00",
        role: "unpublished",
        theme_store_id: null,
        previewable: false,
        processing: true,
        admin_graphql_api_id: `gid://shopify/OnlineStoreTheme/${id}`,
      },
    },
    { status: 201 },
  );
}
