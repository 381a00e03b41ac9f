/**
 * The deliveries page's CSV download, at the page's own path (a resource route: a file, not page data): the same
 * loader as `/api/deliveries/export`, so the page and the API give the same file and the same failures.
 */
export { loader } from "./api.deliveries.export";
