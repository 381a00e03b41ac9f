import { http, HttpResponse } from "msw";
import { TEST_ENV } from "../helpers/test-env";
import { server } from "./server";

export interface BotFieldCall {
  fieldId: string;
  headers: Headers;
  /** The raw body, exactly as sent. */
  body: string;
}

/** The automation platform's bot-field endpoint; records each call and answers with `reply`. */
export function mockBotFields(reply: () => Response = () => HttpResponse.json({ success: true })) {
  const calls: BotFieldCall[] = [];
  server.use(
    http.post(`${TEST_ENV.AUTOMATION_API_URL}/api/accounts/bot_fields/:fieldId`, async ({ request, params }) => {
      calls.push({ fieldId: String(params.fieldId), headers: request.headers, body: await request.text() });
      return reply();
    }),
  );
  return calls;
}
