import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { REDACT_PATHS } from "~/logger.server";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, log: pino({ redact: { paths: REDACT_PATHS, censor: "[redacted]" } }, stream) };
}

describe("logger redaction", () => {
  it("removes secrets at the top level and nested, whatever the call site passes", () => {
    const { lines, log } = capture();
    log.info(
      {
        apiKey: "ak_live_123",
        accessToken: "shpat_abc",
        request: { headers: { "X-ACCESS-TOKEN": "ak_live_456" }, supplierToken: "sup_789" },
        payload: { callbackApiKey: "ak_live_999" },
        shop: "tienda.myshopify.com",
      },
      "calling out",
    );
    const line = lines.join("");
    for (const secret of ["ak_live_123", "shpat_abc", "sup_789", "ak_live_999"]) expect(line).not.toContain(secret);
    expect(line).toContain("tienda.myshopify.com");
    expect(line).toContain("[redacted]");
  });
});
