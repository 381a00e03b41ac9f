/**
 * The Node.js versions the app runs on: 22.18+ or 24+, package.json's engines (the SQLite thread's node:sqlite
 * calls arrived in 22.16 and are not in 23; graphile-worker, the job engine on PostgreSQL, needs 22.18). On another
 * version the processes stop at start with this one line instead of failing later inside the SQLite thread. `scripts/supported-node.mjs` applies the same range before
 * anything of the project loads.
 */
export function unsupportedNodeMessage(version: string = process.version): string | null {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  if (major >= 24 || (major === 22 && minor >= 18)) return null;
  return `Node ${version} cannot run this app: it needs Node 22.18+ or 24+ (npm run sandbox and npm test fetch Node 24 by themselves)`;
}
