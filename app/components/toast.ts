/** Success feedback through the admin's toast (App Bridge); silent outside the admin, where there is none. */
export function showToast(message: string) {
  if (typeof window === "undefined") return;
  window.shopify?.toast?.show(message);
}
