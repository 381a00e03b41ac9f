import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import {
  DELETE_AFTER_MS,
  findServableThemeFile,
  SERVE_FOR_MS,
  storeTemporaryThemeFile,
  sweepTemporaryThemeFiles,
} from "~/services/theme/temporary-files.server";
import { shopDomain } from "../../helpers/factories";
import { TEST_ENV } from "../../helpers/test-env";
import { themeZip } from "../../helpers/theme-zip";

const minutes = (n: number) => n * 60_000;

describe("temporary theme files", () => {
  it("stores the archive under a 256-bit random id and gives its download URL", async () => {
    const zip = themeZip();
    const first = await storeTemporaryThemeFile(shopDomain(), zip);
    const second = await storeTemporaryThemeFile(shopDomain(), zip);
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.id, "base64url")).toHaveLength(32);
    expect(second.id).not.toBe(first.id);
    expect(first.url).toBe(`${TEST_ENV.PLATFORM_APP_URL}/api/theme/download/${first.id}`);
    expect(Buffer.from((await findServableThemeFile(first.id))!)).toEqual(zip);
  });

  it("is served for 5 minutes and not after", async () => {
    const created = new Date("2026-11-22T01:00:00Z");
    const { id } = await storeTemporaryThemeFile(shopDomain(), themeZip(), created);
    expect(await findServableThemeFile(id, new Date(created.getTime() + SERVE_FOR_MS - 1000))).not.toBeNull();
    expect(await findServableThemeFile(id, new Date(created.getTime() + SERVE_FOR_MS))).toBeNull();
    expect(SERVE_FOR_MS).toBe(minutes(5));
  });

  it("answers null for an id that is malformed or unknown", async () => {
    expect(await findServableThemeFile("../../etc/passwd")).toBeNull();
    expect(await findServableThemeFile("A".repeat(43))).toBeNull();
  });

  it("stores and serves a large archive without turning its bytes into JavaScript values on the heap", async () => {
    const zip = randomBytes(16 * 1024 * 1024);
    const heapBefore = process.memoryUsage().heapUsed;
    const { id } = await storeTemporaryThemeFile(shopDomain(), zip);
    const served = (await findServableThemeFile(id))!;
    // The bytes stay in buffers outside the heap. Through the ORM's client they went in as a base64 string and came
    // back as an array of numbers (eight bytes per byte): well over a hundred MB on the heap for these 16 MB.
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(48 * 1024 * 1024);
    expect(Buffer.from(served.buffer, served.byteOffset, served.byteLength).equals(zip)).toBe(true);
    // What the ORM's client reads (the shop's deletion, the sweep) is the same archive.
    const row = await prisma.temporaryThemeFile.findUniqueOrThrow({ where: { id }, select: { size: true } });
    expect(row.size).toBe(zip.length);
  });

  it("is removed by the sweep 10 minutes after it was created, not before", async () => {
    const created = new Date("2026-11-22T01:00:00Z");
    const { id } = await storeTemporaryThemeFile(shopDomain(), themeZip(), created);
    expect(await sweepTemporaryThemeFiles(new Date(created.getTime() + minutes(9)))).toBe(0);
    expect(await prisma.temporaryThemeFile.count({ where: { id } })).toBe(1);
    expect(await sweepTemporaryThemeFiles(new Date(created.getTime() + DELETE_AFTER_MS))).toBe(1);
    expect(await prisma.temporaryThemeFile.count({ where: { id } })).toBe(0);
    expect(DELETE_AFTER_MS).toBe(minutes(10));
  });
});
