/**
 * `npm run bench -- --theme-installs`: concurrent theme installs of a large archive against the app's production
 * build (the sandbox's simulators, a fresh SQLite file), and the app's resident memory before, at its peak during
 * each round and some seconds after it (docs/decisions/194-theme-install-cap.md).
 *
 *   --installs 8,16        one round per figure: that many installs started at once
 *   --shops 1              the shops the installs of a round are spread over (each with its own session)
 *   --archive-mb 45        the archive's size: random (incompressible) assets beside a minimal theme
 *   --wrapped              the theme under one folder, as repository archives are: the app repackages it and
 *                          stores the copy for the platform (the heavier path)
 *   --settle 30            seconds to wait after a round before reading the memory again
 *   --no-build             use the build already in build/
 *
 * It prints a table and the same figures as JSON; it is a measurement, not a test.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import AdmZip from "adm-zip";
import { sleep } from "../sandbox/lib/http";
import { DEMO_SHOP } from "../sandbox/platform/seed";
import { adminFetch, installShop, startStack } from "../sandbox/stack";
import { memoryOf } from "./lib/process-memory";
import { prepareRun } from "./lib/prepare-run";
import { stringOption } from "./lib/signed-orders";

interface Round {
  installs: number;
  statuses: Record<string, number>;
  seconds: number;
  rssBeforeMb: number | null;
  rssPeakMb: number;
  rssAfterSettleMb: number | null;
}

/** A theme of `megabytes` MB: the files the platform checks for, and random 1 MB assets that do not compress. */
function largeThemeArchive(megabytes: number, wrapped: boolean) {
  const zip = new AdmZip();
  const prefix = wrapped ? "acme-storefront-theme-3f2a9c1/" : "";
  zip.addFile(`${prefix}layout/theme.liquid`, Buffer.from("<html><body>{{ content_for_layout }}</body></html>"));
  zip.addFile(`${prefix}templates/index.json`, Buffer.from('{"sections":{},"order":[]}'));
  zip.addFile(`${prefix}config/settings_schema.json`, Buffer.from("[]"));
  for (let i = 0; i < megabytes; i++) zip.addFile(`${prefix}assets/texture-${i}.bin`, randomBytes(1024 * 1024));
  return zip.toBuffer();
}

async function serveArchive(zip: Buffer) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/zip", "Content-Length": zip.length }).end(zip);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/theme.zip`, close: () => new Promise((resolve) => server.close(resolve)) };
}

export async function runThemeInstallsBench(argv: string[]) {
  const rounds = (stringOption(argv, "installs") ?? "8,16").split(",").map(Number);
  const shopCount = Number(stringOption(argv, "shops") ?? 1);
  const archiveMb = Number(stringOption(argv, "archive-mb") ?? 45);
  const settleSeconds = Number(stringOption(argv, "settle") ?? 30);
  const wrapped = argv.includes("--wrapped");

  const { databaseFile } = await prepareRun("theme-installs", { build: !argv.includes("--no-build") });
  const zip = largeThemeArchive(archiveMb, wrapped);
  const archive = await serveArchive(zip);
  const stack = await startStack({ databaseFile, logLevel: "warn", platform: { themeProcessingMs: 500 } });
  const [appPid] = [...stack.webPids];
  const rss = () => memoryOf(appPid, "VmRSS");
  const results: Round[] = [];
  try {
    const shops = [DEMO_SHOP, ...Array.from({ length: shopCount - 1 }, (_, i) => `bench-theme-${i}.myshopify.com`)];
    for (const shop of shops) await installShop(stack, shop);
    await sleep(2_000);

    for (const installs of rounds) {
      const rssBeforeMb = rss();
      let rssPeakMb = rssBeforeMb ?? 0;
      const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rss() ?? 0)), 50);
      const started = performance.now();
      const statuses = await Promise.all(
        Array.from({ length: installs }, async (_, i) => {
          try {
            const response = await adminFetch(stack, shops[i % shops.length], "/api/theme/install", {
              method: "POST",
              body: new URLSearchParams({ themeUrl: archive.url, themeName: `Bench ${installs}-${i}` }),
            });
            if (response.status === 200) return "200";
            const body = (await response.json().catch(() => ({}))) as { code?: string };
            return `${response.status} ${body.code ?? ""}`.trim();
          } catch (error) {
            // The app went away (out of memory) or did not answer: that is the figure.
            return (error as { cause?: { code?: string } }).cause?.code ?? "no answer";
          }
        }),
      );
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      clearInterval(sampler);
      await sleep(settleSeconds * 1000);
      const counts: Record<string, number> = {};
      for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
      results.push({ installs, statuses: counts, seconds, rssBeforeMb, rssPeakMb, rssAfterSettleMb: rss() });
    }
  } finally {
    await stack.stop();
    await archive.close();
  }

  console.log(
    `\n${(zip.length / 1048576).toFixed(1)} MB archive${wrapped ? " (wrapped: repackaged by the app)" : ""}, ` +
      `${shopCount} shop(s), app RSS in MB (after ${settleSeconds} s settle)`,
  );
  const columns = (...cells: unknown[]) =>
    cells.map((cell, i) => String(cell).padEnd([10, 9, 12, 9, 9][i] ?? 0)).join("");
  console.log(columns("installs", "seconds", "RSS before", "peak", "after", "answers"));
  for (const round of results) {
    const answers = Object.entries(round.statuses)
      .map(([status, count]) => `${count} × ${status}`)
      .join(", ");
    console.log(
      columns(round.installs, round.seconds, round.rssBeforeMb, round.rssPeakMb, round.rssAfterSettleMb, answers),
    );
  }
  console.log(`\n${JSON.stringify({ archiveMb: zip.length / 1048576, wrapped, shops: shopCount, rounds: results })}`);
}
