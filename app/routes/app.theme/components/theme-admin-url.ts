/** Opens the theme in the admin's theme editor list (App Bridge resolves shopify://admin links). */
export const themeAdminUrl = (id: number) => `shopify://admin/themes/${id}`;
