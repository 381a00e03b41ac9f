import { z } from "zod";
import { env } from "../../env.server";
import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { formatBytes, safeFetch, SafeFetchError } from "../net/safe-fetch.server";
import { ThemeArchiveError } from "./archive.server";

/** A private repository's branch, from `repo-api://<owner>/<repo>/<branch>?token=<REPO_TOKEN>`. */
export interface RepositoryRef {
  owner: string;
  repo: string;
  branch: string;
  token: string;
}

const SCHEME = "repo-api://";
const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
const API_TIMEOUT_MS = 10_000;
const DOWNLOAD_TIMEOUT_MS = 60_000;
const USAGE = "repo-api://<owner>/<repo>/<branch>?token=<REPO_TOKEN>";

export function isRepositoryUrl(value: string) {
  return value.slice(0, SCHEME.length).toLowerCase() === SCHEME;
}

/** Reads a repo-api:// URL; its problems are 400s naming the field (never echoing the token). */
export function parseRepositoryUrl(value: string): RepositoryRef {
  const rest = value.slice(SCHEME.length);
  const queryAt = rest.indexOf("?");
  const path = queryAt >= 0 ? rest.slice(0, queryAt) : rest;
  const token = new URLSearchParams(queryAt >= 0 ? rest.slice(queryAt + 1) : "").get("token")?.trim();
  let segments: string[];
  try {
    segments = path.split("/").map((segment) => decodeURIComponent(segment));
  } catch {
    throw AppError.forField("themeUrl", `the repository URL is malformed; expected ${USAGE}`);
  }
  const [owner = "", repo = "", ...branchParts] = segments;
  const branch = branchParts.join("/");
  if (!OWNER.test(owner) || !REPO.test(repo) || repo === "." || repo === ".." || !isBranchName(branch)) {
    throw AppError.forField("themeUrl", `the repository URL must have the form ${USAGE}`);
  }
  if (!token) throw AppError.forField("themeUrl", `the repository URL needs a token (${USAGE})`);
  return { owner, repo, branch, token };
}

// The subset of git's ref rules that matters here: nothing that could change the API path's meaning.
function isBranchName(branch: string) {
  return (
    branch.length > 0 &&
    branch.length <= 255 &&
    !branch.startsWith("/") &&
    !branch.endsWith("/") &&
    !branch.includes("//") &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u0020~^:?*[\\\u007f]|\.\.|@\{/.test(branch)
  );
}

const repositoryBody = z.object({ full_name: z.string() }).passthrough();
const branchBody = z.object({ name: z.string(), commit: z.object({ sha: z.string().regex(/^[0-9a-f]{7,64}$/i) }) });

/**
 * Checks the token against the repository host's API (the repository, then the branch), and
 * downloads the archive of the branch's current commit. The token travels only in the
 * Authorization header, which the download drops if the host redirects it elsewhere.
 */
export async function downloadRepositoryArchive(ref: RepositoryRef, maxBytes: number): Promise<Buffer> {
  const name = `${ref.owner}/${ref.repo}`;
  const repoPath = `/repos/${encodeURIComponent(ref.owner)}/${encodeURIComponent(ref.repo)}`;

  const repository = await repositoryApi(ref, repoPath);
  if (repository.status === 401) {
    throw new AppError(
      400,
      "The repository token was refused: it is invalid or has expired",
      "repository_token_refused",
    );
  }
  if (repository.status === 404) {
    throw new AppError(400, `Repository ${name} not found, or the token cannot read it`, "repository_not_found");
  }
  refuseOtherFailures(repository, name);
  if (!repositoryBody.safeParse(await repository.json().catch(() => null)).success) {
    throw new AppError(502, "The repository host answered in an unexpected shape");
  }

  const branchPath = `${repoPath}/branches/${ref.branch.split("/").map(encodeURIComponent).join("/")}`;
  const branch = await repositoryApi(ref, branchPath);
  if (branch.status === 404) {
    throw new AppError(400, `Branch ${ref.branch} not found in ${name}`, "branch_not_found");
  }
  refuseOtherFailures(branch, name);
  const parsedBranch = branchBody.safeParse(await branch.json().catch(() => null));
  if (!parsedBranch.success) throw new AppError(502, "The repository host answered in an unexpected shape");

  // The commit, not the branch name: the archive is the exact tree the check just saw.
  const archiveUrl = `${env().GITHUB_API_URL}${repoPath}/zipball/${parsedBranch.data.commit.sha}`;
  try {
    const response = await safeFetch(archiveUrl, {
      headers: apiHeaders(ref.token),
      maxBytes,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
    });
    if (response.status !== 200) {
      throw new AppError(502, `The repository host did not give the archive of ${name} (HTTP ${response.status})`);
    }
    return response.body;
  } catch (error) {
    if (error instanceof SafeFetchError) {
      if (error.reason === "too_large")
        throw new ThemeArchiveError(`The repository archive is larger than ${formatBytes(maxBytes)}`);
      throw new AppError(502, `The repository archive could not be downloaded: ${lowerFirst(error.message)}`);
    }
    throw error;
  }
}

async function repositoryApi(ref: RepositoryRef, path: string): Promise<Response> {
  try {
    return await fetch(`${env().GITHUB_API_URL}${path}`, {
      headers: apiHeaders(ref.token),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (error) {
    logger
      .child({ repository: `${ref.owner}/${ref.repo}` })
      .warn({ err: error instanceof Error ? error.message : String(error) }, "repository host unreachable");
    throw new AppError(502, "The repository host did not answer; try again shortly");
  }
}

function refuseOtherFailures(response: Response, name: string) {
  if (response.ok) return;
  if (response.status === 403 || response.status === 429) {
    if (response.headers.get("x-ratelimit-remaining") === "0" || response.status === 429) {
      throw new AppError(429, "The repository host's rate limit for this token is used up; try again later");
    }
    throw new AppError(400, `The repository token does not have read access to ${name}`, "repository_token_refused");
  }
  throw new AppError(502, `The repository host failed (HTTP ${response.status}); try again shortly`);
}

function apiHeaders(token: string) {
  return {
    Authorization: `Bearer ${token}`,
    Accept: "application/vnd.github+json",
    "X-GitHub-Api-Version": "2022-11-28",
  };
}

function lowerFirst(message: string) {
  return message.charAt(0).toLowerCase() + message.slice(1);
}
