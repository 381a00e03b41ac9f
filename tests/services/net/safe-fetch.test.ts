import { afterEach, describe, expect, it } from "vitest";
import { classifyAddress } from "~/services/net/addresses.server";
import { safeFetch, setResolverForTests, type SafeFetchOptions } from "~/services/net/safe-fetch.server";
import { startLocalServer, type LocalServer } from "../../helpers/local-server";

const MB = 1024 * 1024;
const loopbackAllowed: SafeFetchOptions = { maxBytes: MB, allowLoopback: true };
let local: LocalServer | undefined;

afterEach(async () => {
  setResolverForTests(null);
  await local?.close();
  local = undefined;
});

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error & { reason?: string; status?: number };
  }
  throw new Error("expected the fetch to be refused");
}

describe("address classification", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.200.0.9", "loopback"],
    ["::1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.20.0.1", "private"],
    ["192.168.1.10", "private"],
    ["::ffff:192.168.1.10", "private"],
    ["169.254.169.254", "cloud-metadata"],
    ["fd00:ec2::254", "cloud-metadata"],
    ["100.100.100.200", "cloud-metadata"],
    ["169.254.10.10", "link-local"],
    ["fe80::1", "link-local"],
    ["fd12:3456::1", "unique-local"],
    ["100.64.0.1", "carrier-grade-nat"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["64:ff9b::a00:1", "reserved"],
    // IPv6 forms that carry an IPv4 address or a local scope without being in a named range.
    ["::127.0.0.1", "reserved"],
    ["::a00:1", "reserved"],
    ["::ffff:0:127.0.0.1", "reserved"],
    ["fec0::1", "reserved"],
    ["::ffff:169.254.169.254", "cloud-metadata"],
    ["::ffff:8.8.8.8", "public"],
    ["93.184.215.14", "public"],
    ["2606:4700::6810:84e5", "public"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe("safeFetch refusals", () => {
  it.each([
    ["http://127.0.0.1/theme.zip", "127.0.0.1 is a loopback address; the app does not fetch it"],
    ["http://[::1]/theme.zip", "::1 is a loopback address; the app does not fetch it"],
    ["http://10.0.0.7/theme.zip", "10.0.0.7 is a private network address; the app does not fetch it"],
    [
      "http://169.254.169.254/latest/meta-data/",
      "169.254.169.254 is a cloud metadata address; the app does not fetch it",
    ],
    ["http://[fd00:ec2::254]/", "fd00:ec2::254 is a cloud metadata address; the app does not fetch it"],
    ["http://100.64.1.1/", "100.64.1.1 is a carrier-grade NAT address; the app does not fetch it"],
    // Spellings of 127.0.0.1 that URL parsing normalises before the check sees them.
    ["http://2130706433/theme.zip", "127.0.0.1 is a loopback address; the app does not fetch it"],
    ["http://0x7f.1/theme.zip", "127.0.0.1 is a loopback address; the app does not fetch it"],
    ["http://[::ffff:127.0.0.1]/theme.zip", "::ffff:7f00:1 is a loopback address; the app does not fetch it"],
    ["http://0.0.0.0:3000/", "0.0.0.0 is an unspecified address; the app does not fetch it"],
    ["http://017700000001/theme.zip", "127.0.0.1 is a loopback address; the app does not fetch it"],
    ["http://[::127.0.0.1]/theme.zip", "::7f00:1 is a reserved address; the app does not fetch it"],
    ["http://[::ffff:0:a00:1]/theme.zip", "::ffff:0:a00:1 is a reserved address; the app does not fetch it"],
  ])("refuses %s before connecting", async (url, message) => {
    const error = await refusal(safeFetch(url, { maxBytes: MB }));
    expect(error.message).toBe(message);
    expect(error.status).toBe(400);
  });

  it("refuses a name that resolves to a loopback address", async () => {
    setResolverForTests(async () => [{ address: "127.0.0.1", family: 4 }]);
    const error = await refusal(safeFetch("http://innocent.example/theme.zip", { maxBytes: MB }));
    expect(error.message).toBe("innocent.example is a loopback address; the app does not fetch it");
  });

  it("refuses a name when any of its addresses is private", async () => {
    setResolverForTests(async () => [
      { address: "93.184.215.14", family: 4 },
      { address: "192.168.0.10", family: 4 },
    ]);
    const error = await refusal(safeFetch("https://mixed.example/theme.zip", { maxBytes: MB }));
    expect(error.message).toBe("mixed.example is a private network address; the app does not fetch it");
  });

  it.each(["ftp://themes.example/theme.zip", "file:///etc/passwd", "gopher://themes.example/"])(
    "refuses the scheme of %s",
    async (url) => {
      const error = await refusal(safeFetch(url, { maxBytes: MB }));
      expect(error.message).toBe("Only http and https URLs can be fetched");
    },
  );

  it("refuses loopback even to a live local server unless loopback is explicitly allowed", async () => {
    local = await startLocalServer((_request, response) => response.end("zip"));
    const error = await refusal(safeFetch(`${local.origin}/theme.zip`, { maxBytes: MB }));
    expect(error.reason).toBe("address");
    expect(local.requests).toEqual([]);
  });
});

describe("safeFetch against a real server", () => {
  it("returns the body of an allowed address", async () => {
    local = await startLocalServer((_request, response) => response.end("PK-bytes"));
    const response = await safeFetch(`${local.origin}/theme.zip`, loopbackAllowed);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe("PK-bytes");
  });

  it("connects to the address it checked, not to a second resolution", async () => {
    local = await startLocalServer((request, response) => response.end(request.headers.host));
    let lookups = 0;
    setResolverForTests(async () => (++lookups === 1 ? [{ address: "127.0.0.1", family: 4 }] : []));
    const response = await safeFetch(`http://localhost:${local.port}/theme.zip`, loopbackAllowed);
    expect(response.body.toString()).toBe(`localhost:${local.port}`);
    expect(lookups).toBe(1);
  });

  it("follows a redirect to an allowed address", async () => {
    local = await startLocalServer((request, response) => {
      if (request.url === "/start") response.writeHead(302, { Location: "/theme.zip" }).end();
      else response.end("theme");
    });
    const response = await safeFetch(`${local.origin}/start`, loopbackAllowed);
    expect(response.body.toString()).toBe("theme");
    expect(response.url).toBe(`${local.origin}/theme.zip`);
    expect(local.requests).toEqual(["/start", "/theme.zip"]);
  });

  it.each([
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254 is a cloud metadata address"],
    ["http://10.0.0.5/theme.zip", "10.0.0.5 is a private network address"],
    ["http://192.168.1.1/theme.zip", "192.168.1.1 is a private network address"],
  ])("refuses a redirect to %s", async (location, what) => {
    local = await startLocalServer((_request, response) => response.writeHead(302, { Location: location }).end());
    const error = await refusal(safeFetch(`${local.origin}/start`, loopbackAllowed));
    expect(error.message).toBe(
      `The URL redirects to ${what.split(" ")[0]}, which is ${what.split(" is ")[1]}; the app does not fetch it`,
    );
  });

  it("refuses a redirect to another scheme", async () => {
    local = await startLocalServer((_request, response) =>
      response.writeHead(301, { Location: "file:///etc/passwd" }).end(),
    );
    const error = await refusal(safeFetch(`${local.origin}/start`, loopbackAllowed));
    expect(error.message).toBe("The URL redirects to a non-http(s) address");
  });

  it("stops after the maximum number of redirects", async () => {
    local = await startLocalServer((request, response) => {
      const n = Number(request.url?.slice(1)) || 0;
      response.writeHead(302, { Location: `/${n + 1}` }).end();
    });
    const error = await refusal(safeFetch(`${local.origin}/0`, { ...loopbackAllowed, maxRedirects: 3 }));
    expect(error.message).toBe("The URL redirected more than 3 times");
    expect(local.requests).toEqual(["/0", "/1", "/2", "/3"]);
  });

  it("drops the Authorization header when a redirect leaves the origin", async () => {
    const seen: (string | undefined)[] = [];
    local = await startLocalServer((request, response) => {
      seen.push(request.headers.authorization);
      if (request.headers.host?.startsWith("127.0.0.1"))
        response.writeHead(302, { Location: `http://localhost:${local!.port}/file` }).end();
      else response.end("ok");
    });
    setResolverForTests(async () => [{ address: "127.0.0.1", family: 4 }]);
    await safeFetch(`${local.origin}/start`, { ...loopbackAllowed, headers: { Authorization: "Bearer secret" } });
    expect(seen).toEqual(["Bearer secret", undefined]);
  });

  it("refuses a body whose Content-Length is over the limit without reading it", async () => {
    local = await startLocalServer((_request, response) =>
      response.writeHead(200, { "Content-Length": String(2 * MB) }).end(Buffer.alloc(2 * MB)),
    );
    const error = await refusal(safeFetch(`${local.origin}/big.zip`, loopbackAllowed));
    expect(error.message).toBe("The download is larger than 1 MB");
  });

  it("refuses a streamed body once it passes the limit", async () => {
    local = await startLocalServer((_request, response) => {
      // Chunked, no Content-Length: only counting while streaming catches it.
      response.writeHead(200);
      for (let i = 0; i < 40; i++) response.write(Buffer.alloc(64 * 1024));
      response.end();
    });
    const error = await refusal(safeFetch(`${local.origin}/big.zip`, loopbackAllowed));
    expect(error.message).toBe("The download is larger than 1 MB");
  });

  it("gives up on a server that does not answer in time", async () => {
    local = await startLocalServer(() => {
      // Never answers.
    });
    const started = Date.now();
    const error = await refusal(safeFetch(`${local.origin}/slow.zip`, { ...loopbackAllowed, timeoutMs: 300 }));
    expect(error.message).toBe("127.0.0.1 did not answer in time");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports a closed port as unreachable", async () => {
    local = await startLocalServer((_request, response) => response.end());
    const origin = local.origin;
    await local.close();
    local = undefined;
    const error = await refusal(safeFetch(`${origin}/theme.zip`, loopbackAllowed));
    expect(error.message).toMatch(/^127\.0\.0\.1 could not be reached \(ECONNREFUSED\)$/);
  });
});
