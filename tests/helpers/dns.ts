import { setResolverForTests } from "~/services/net/safe-fetch.server";

/** Public addresses for the fictional hosts msw plays; a name not listed does not resolve. */
export function fakeDns(names: Record<string, string | string[]>) {
  setResolverForTests(async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return [addresses].flat().map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  });
}

export function realDns() {
  setResolverForTests(null);
}
