import { describe, expect, it } from "vitest";
import { importCircles, importGraph, importPath } from "./imports";

/*
 * Which way the app's folders may import (docs/decisions/287, 289): a folder others call never calls them back.
 * Each case names the path of imports that breaks its rule.
 */

const graph = importGraph(["app", "server"]);
const appModules = [...graph.keys()].filter((file) => file.startsWith("app/"));
const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);

describe("the app's imports", () => {
  it("form no circle: no module loads one that loads it back", () => {
    expect(appModules.length).toBeGreaterThan(100);
    expect(importCircles(graph)).toEqual([]);
  });

  it("never reach server/: the production server imports the app's build, never the reverse", () => {
    const offending = appModules.map((file) => importPath(graph, file, under("server"))).filter(Boolean);
    expect(offending).toEqual([]);
  });

  it("leave the pre-send checks (services/screening/) free of deliveries/, which calls them", () => {
    const checks = appModules.filter(under("app/services/screening"));
    expect(checks.length).toBeGreaterThan(0);
    const offending = checks.map((file) => importPath(graph, file, under("app/services/deliveries"))).filter(Boolean);
    expect(offending).toEqual([]);
  });

  it("read sessions, shop settings and order rules outside the delivery store: only deliveries/ imports it", () => {
    const store = under("app/services/deliveries/store");
    const offending = appModules
      .filter((file) => !under("app/services/deliveries")(file))
      .flatMap((file) =>
        graph
          .get(file)!
          .filter(({ to }) => store(to))
          .map(({ to }) => `${file} -> ${to}`),
      );
    expect(offending).toEqual([]);
  });
});
