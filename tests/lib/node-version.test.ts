import { describe, expect, it } from "vitest";
import { unsupportedNodeMessage } from "~/lib/node-version";
import { isSupported } from "../../scripts/supported-node.mjs";

describe("the Node versions the app runs on", () => {
  it("names the version and what is needed, in one line, for a Node without node:sqlite's calls", () => {
    expect(unsupportedNodeMessage("v20.20.2")).toBe(
      "Node v20.20.2 cannot run this app: it needs Node 22.18+ or 24+ (npm run sandbox and npm test fetch Node 24 by themselves)",
    );
  });

  it("agrees with the launcher the README's commands go through, version by version", () => {
    for (const version of [
      "v18.20.4",
      "v20.20.2",
      "v22.15.1",
      "v22.16.0",
      "v22.17.1",
      "v22.18.0",
      "v23.11.0",
      "v24.0.0",
      "v24.21.0",
      "v25.1.0",
    ]) {
      expect(unsupportedNodeMessage(version) === null, version).toBe(isSupported(version));
    }
  });
});
