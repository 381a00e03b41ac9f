import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { lookupHash, lookupHashes, mask, open, seal } from "~/lib/crypto.server";
import { TEST_ENV } from "../helpers/test-env";

const NEW_KEY = "a".repeat(64);

afterEach(() => {
  process.env.ENCRYPTION_KEY = TEST_ENV.ENCRYPTION_KEY;
  delete process.env.ENCRYPTION_KEYS_PREVIOUS;
  resetEnvForTests();
});

describe("sealing secrets", () => {
  it("opens what it sealed, and the sealed form holds no plaintext", () => {
    const sealed = seal("api-key-123456");
    expect(sealed).not.toContain("api-key-123456");
    expect(sealed.split(".")).toHaveLength(5);
    expect(open(sealed)).toBe("api-key-123456");
  });

  it("uses a fresh IV for every value", () => {
    const [a, b] = [seal("same"), seal("same")];
    expect(a).not.toBe(b);
    expect(a.split(".")[2]).not.toBe(b.split(".")[2]);
  });

  it("refuses a tampered value", () => {
    const parts = seal("secret").split(".");
    parts[4] = Buffer.from("tampered").toString("base64url");
    expect(() => open(parts.join("."))).toThrow();
  });

  it("keeps values readable after the key rotates, through ENCRYPTION_KEYS_PREVIOUS", () => {
    const sealedWithOld = seal("rotating");
    const oldHash = lookupHash("rotating");
    process.env.ENCRYPTION_KEY = NEW_KEY;
    process.env.ENCRYPTION_KEYS_PREVIOUS = TEST_ENV.ENCRYPTION_KEY;
    resetEnvForTests();
    expect(open(sealedWithOld)).toBe("rotating");
    expect(seal("x").split(".")[1]).not.toBe(sealedWithOld.split(".")[1]);
    expect(lookupHashes("rotating")).toContain(oldHash);
    expect(lookupHash("rotating")).not.toBe(oldHash);
  });

  it("says which key is missing when a value's key is gone", () => {
    const sealed = seal("lost");
    process.env.ENCRYPTION_KEY = NEW_KEY;
    resetEnvForTests();
    expect(() => open(sealed)).toThrow(/ENCRYPTION_KEYS_PREVIOUS/);
  });
});

describe("masking", () => {
  it("shows only the last four characters, and none of a short secret", () => {
    expect(mask("sk_live_abcdef1234")).toBe("••••1234");
    expect(mask("abc")).toBe("••••");
    expect(mask("short-9876")).toBe("••••");
    expect(mask(null)).toBeNull();
  });
});
