import { randomUUID } from "node:crypto";
import { createPostgresPool } from "../../db-adapter.server";
import { postgresConnection } from "../../db.server";
import { env } from "../../env.server";
import { GraphileJobRunner } from "./graphile-runner.server";
import { JOB_KINDS } from "./registry.server";
import { SqliteJobRunner } from "./sqlite-runner.server";
import type { AddJob, JobQueue } from "./types";

/**
 * This process's side of the job mechanism (docs/decisions/310), made at first use: graphile-worker on PostgreSQL,
 * the small runner on SQLite, both over the registry's kinds. Adding a job never starts a runner; the process that
 * runs background services starts it (app/bootstrap.server.ts). On PostgreSQL jobs are added on the process's
 * pool and run on the runner's own (docs/decisions/327).
 */

declare global {
  var connectorJobs: JobQueue | undefined;
}

export function jobQueue(): JobQueue {
  if (global.connectorJobs) return global.connectorJobs;
  const pool = postgresConnection();
  const queue: JobQueue = pool
    ? new GraphileJobRunner({
        kinds: JOB_KINDS,
        pool,
        runnerPool: (connections) => createPostgresPool(env().DATABASE_URL, connections),
      })
    : new SqliteJobRunner({ kinds: JOB_KINDS, holder: `${process.pid}-${randomUUID().slice(0, 8)}` });
  global.connectorJobs = queue;
  return queue;
}

export function addJob(kind: keyof typeof JOB_KINDS & string, job?: AddJob) {
  return jobQueue().add(kind, job);
}
