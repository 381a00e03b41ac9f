/**
 * A throwaway PostgreSQL cluster for tests, CI, the sandbox and the benchmark: initdb into a fresh folder,
 * started on a free loopback port, removed on stop. PostgreSQL refuses to run as root, so as root the
 * cluster belongs to the unprivileged `postgres` user (Debian's package creates it) and runs through runuser.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../sandbox/lib/http";

export interface Cluster {
  /** A URL of the cluster's `postgres` database as the superuser `app` (trust authentication, loopback only). */
  url: string;
  port: number;
  dir: string;
  stop: () => void;
}

/** The folder of initdb and pg_ctl, newest version first; undefined when PostgreSQL is not installed. */
export function findPostgresBin(): string | undefined {
  if (process.env.POSTGRES_BIN && existsSync(path.join(process.env.POSTGRES_BIN, "initdb"))) {
    return process.env.POSTGRES_BIN;
  }
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], "bin") : undefined;
}

/** A fresh folder the unprivileged server user can reach (mkdtemp's own mode, 0700, would lock it out). */
export function newClusterDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "pg-cluster-"));
  chmodSync(dir, 0o755);
  return path.join(dir, "cluster");
}

function idOf(user: string, flag: "-u" | "-g"): number | undefined {
  try {
    return Number(execFileSync("id", [flag, user], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  } catch {
    return undefined;
  }
}

/**
 * Starts a cluster in `dir` (emptied first). `durable: false` turns fsync off: for tests, where a power cut
 * loses nothing of value and every commit would otherwise wait for the disk.
 */
export async function startCluster(dir = newClusterDir(), options: { durable?: boolean } = {}): Promise<Cluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql, or set POSTGRES_BIN)");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const run = (file: string, args: string[]) => {
    const command = asRoot
      ? (["runuser", ["-u", "postgres", "--", path.join(bin, file), ...args]] as const)
      : ([path.join(bin, file), args] as const);
    return execFileSync(command[0], command[1], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  };
  if (asRoot) {
    const [uid, gid] = [idOf("postgres", "-u"), idOf("postgres", "-g")];
    if (uid === undefined || gid === undefined) {
      throw new Error("running as root needs the unprivileged `postgres` user (apt-get install postgresql)");
    }
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "app", "-E", "UTF8", "--locale=C.UTF-8"]);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c max_connections=300",
    ...(options.durable === false ? ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"] : []),
  ];
  run("pg_ctl", ["-D", data, "-o", settings.join(" "), "-l", path.join(dir, "log"), "-w", "start"]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } catch (error) {
      console.warn(`stopping the PostgreSQL cluster in ${dir} failed`, error);
    }
    rmSync(dir, { recursive: true, force: true });
    if (path.basename(dir) === "cluster") rmSync(path.dirname(dir), { recursive: true, force: true });
  };
  return { url: `postgres://app@127.0.0.1:${port}/postgres?sslmode=disable`, port, dir, stop };
}

/** The same server's URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A PostgreSQL server for a check or test pass: TEST_POSTGRES_URL when set (its databases are created and
 * dropped, never the one it names), else a throwaway cluster when the binaries are installed. Undefined, with a
 * loud warning, when neither is there; in CI (CI=true) that is an error instead: CI never skips PostgreSQL.
 */
export async function acquirePostgres(purpose: string): Promise<Cluster | undefined> {
  if (process.env.TEST_POSTGRES_URL) {
    const url = process.env.TEST_POSTGRES_URL;
    return { url, port: Number(new URL(url).port || 5432), dir: "", stop: () => {} };
  }
  if (findPostgresBin()) return startCluster(newClusterDir(), { durable: false });
  const message = `PostgreSQL is not available for ${purpose}: set TEST_POSTGRES_URL or install PostgreSQL (apt-get install postgresql)`;
  if (isCI()) throw new Error(`${message}. CI never skips the PostgreSQL pass.`);
  console.warn(`\n${"!".repeat(100)}\n!! SKIPPED: ${message}.\n${"!".repeat(100)}\n`);
  return undefined;
}

export function isCI() {
  return Boolean(process.env.CI) && process.env.CI !== "false" && process.env.CI !== "0";
}
