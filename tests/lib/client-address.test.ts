import { describe, expect, it } from "vitest";
import { clientAddress, requestOrigin } from "~/lib/client-address.server";

/** The X-Forwarded-For list as the proxies built it, and the address the app's server accepted the connection from. */
const from = (forwardedFor: string | null, peerAddress: string | null = "10.0.0.9") => ({ forwardedFor, peerAddress });

describe("the client's address (docs/decisions/188)", () => {
  it("is the connection's address with no proxy in front, whatever the client wrote", () => {
    expect(clientAddress(from(null, "198.51.100.7"), 0)).toBe("198.51.100.7");
    expect(clientAddress(from("203.0.113.66", "198.51.100.7"), 0)).toBe("198.51.100.7");
  });

  it("is what the one proxy appended, not the proxy's own address nor what the client wrote", () => {
    // The client wrote 203.0.113.66; the proxy appended the client's address; the app's peer is the proxy.
    expect(clientAddress(from("203.0.113.66, 198.51.100.7", "10.0.0.9"), 1)).toBe("198.51.100.7");
    expect(clientAddress(from("198.51.100.7", "10.0.0.9"), 1)).toBe("198.51.100.7");
  });

  it("is what the outermost of two proxies appended", () => {
    // Outer proxy appends the client's address, inner proxy appends the outer proxy's; the peer is the inner proxy.
    expect(clientAddress(from("203.0.113.66, 198.51.100.7, 10.0.0.2", "10.0.0.9"), 2)).toBe("198.51.100.7");
    expect(clientAddress(from("198.51.100.7, 10.0.0.2", "10.0.0.9"), 2)).toBe("198.51.100.7");
  });

  it("takes the leftmost entry, else the connection, when the list is shorter than the proxies", () => {
    expect(clientAddress(from("198.51.100.7", "10.0.0.9"), 2)).toBe("198.51.100.7");
    expect(clientAddress(from(null, "198.51.100.7"), 1)).toBe("198.51.100.7");
    expect(clientAddress(from("", "198.51.100.7"), 2)).toBe("198.51.100.7");
  });

  it("writes IPv4 addresses mapped into IPv6 as IPv4", () => {
    expect(clientAddress(from(null, "::ffff:127.0.0.1"), 0)).toBe("127.0.0.1");
    expect(clientAddress(from("::ffff:192.0.2.1"), 1)).toBe("192.0.2.1");
    expect(clientAddress(from("2001:db8::1"), 1)).toBe("2001:db8::1");
  });

  it("is one shared address when nothing usable is known", () => {
    expect(clientAddress(from(null, null), 0)).toBe("unknown");
    expect(clientAddress(from(null, null), 1)).toBe("unknown");
    expect(clientAddress(from("<script>"), 1)).toBe("unknown");
    expect(clientAddress(from("x".repeat(100)), 1)).toBe("unknown");
  });

  it("reads a Remix request's header and the address its server put in the load context", () => {
    const request = new Request("https://app.test/", { headers: { "X-Forwarded-For": "198.51.100.7" } });
    expect(requestOrigin(request, { peerAddress: "10.0.0.9" })).toEqual(from("198.51.100.7", "10.0.0.9"));
    expect(requestOrigin(request, {})).toEqual(from("198.51.100.7", null));
    expect(requestOrigin(request, { peerAddress: 42 })).toEqual(from("198.51.100.7", null));
  });
});
