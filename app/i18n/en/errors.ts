/** English: errors the app explains: request failures and why a delivery did not go out. */
export const errors = {
  "error.variant_mapped_twice": "Each store variant can be mapped once; this one is mapped in two rows.",
  "error.variant_not_in_product": "This variant no longer belongs to the store product. Reload and try again.",
  "error.variation_unknown": "This is not one of the supplier product's variations.",
  "error.variant_required": "Choose the store variant of this row.",
  "error.barcode_missing":
    "The supplier suggests no barcode for this variation: map another one or do not use suggested barcodes.",

  "deliveryError.no_api_key": "No automation API key is saved in Settings",
  "deliveryError.no_order_flow": "No flow is chosen for new orders in Settings",
  "deliveryError.no_cart_flow": "No flow is chosen for abandoned carts in Settings",
  "deliveryError.no_incident_flow": "No flow is chosen for delivery incidents in Settings",
  "deliveryError.payload_erased": "The order data was erased (a privacy request) before it could be sent",
  "deliveryError.checkout_converted": "The buyer placed the order, so the cart is no longer abandoned",
  "deliveryError.no_contact": "The abandoned cart has no phone or email to follow up",
  "deliveryError.no_order_id": "Your store's notice named no order; nothing was sent",
  "deliveryError.test_order_removed": "The loop test finished and deleted its test order; nothing was sent",
  "deliveryError.trigger_timeout": "The automation platform did not answer in time",
  "deliveryError.trigger_unreachable": "The automation platform could not be reached",
  "deliveryError.trigger_http": "The automation platform answered with an error (HTTP {status})",
  "deliveryError.trigger_http.401":
    "The automation platform refused the API key (HTTP 401). Save a new key in Settings",
  "deliveryError.trigger_http.403":
    "The automation platform refused the API key (HTTP 403). Save a new key in Settings",
  "deliveryError.trigger_http.404":
    "The automation platform does not know this flow (HTTP 404). Choose it again in Settings",
  "deliveryError.trigger_http.422": "The automation platform did not accept the order (HTTP 422)",
  "deliveryError.trigger_http.429": "The automation platform asked to slow down (HTTP 429)",
  "deliveryError.trigger_http.5xx": "The automation platform had a problem of its own (HTTP {status})",
  "deliveryError.preparation_failed": "The app could not prepare the order for sending",
  "deliveryError.worker_stopped.one": "Sending was interrupted during its only attempt",
  "deliveryError.worker_stopped.other": "Sending was interrupted during each of its {count} attempts",
  "deliveryError.gaveUp.one": "Gave up after {count} attempt",
  "deliveryError.gaveUp.other": "Gave up after {count} attempts",
  "deliveryError.unrecorded": "Something went wrong while sending it",

  // Failures, by the stable code the server answers (docs/decisions/101-error-codes.md) and, for a field, code.field.
  "error.invalid_input": "Check the highlighted field and try again.",
  "error.unauthorized": "Your session ended. Reload the page to continue.",
  "error.no_session": "Your session ended. Reload the page to continue.",
  "error.forbidden": "This action is not allowed for your store.",
  "error.not_found": "This item no longer exists. Reload the page.",
  "error.conflict": "This changed in the meantime. Reload the page and try again.",
  "error.too_large": "What you sent is too large.",
  "error.refused": "The request was refused. Check the values and try again.",
  "error.rate_limited": "Too many requests right now. Try again in a minute.",
  "error.checked_recently":
    "You checked a moment ago. You can check again in a minute; meanwhile the app checks by itself every 15 minutes.",
  "error.upstream_failed": "A connected service did not answer as expected. Try again in a moment.",
  "error.unavailable": "A connected service is not available right now. Try again in a moment.",
  "error.upstream_timeout": "A connected service took too long to answer. Try again in a moment.",
  "error.internal": "Something went wrong on our side. It has been logged; try again in a moment.",
  "error.already_delivered": "This order already reached the flow; it is not sent twice.",
  "error.payload_erased": "The order data is no longer kept, so it cannot be sent again.",
  "error.automation_failed": "The automation platform did not answer as expected. Try again in a moment.",
  "error.automation_key_refused": "The automation platform refused the API key. Check the key and try again.",
  "error.automation_not_configured": "Connect the automation platform first.",
  "error.automation_unavailable": "The automation platform is not answering right now. Nothing was saved.",
  "error.bot_field_refused": "The automation platform refused the supplier token. Nothing was saved.",
  "error.supplier_not_configured": "Connect your supplier store in Settings first.",
  "error.bad_token": "The supplier marketplace refused the integration token. Nothing was saved.",
  "error.not_configured": "Finish the setup in Settings first.",
  "error.not_installed": "The app is not installed on this store.",
  "error.not_supported": "This is not supported.",
  "error.order_not_found": "The order was not found in the store.",
  // The platform refused the app's offline token (revoked, or its refresh refused): a new one comes with the next
  // opening of the app from the admin (token exchange), else with a reinstall (docs/decisions/139).
  "error.FORBIDDEN":
    "Your store did not allow the app this request: a permission it needs is missing. Open the app from your store's admin to grant it.",
  "error.UNAUTHORIZED":
    "Your store no longer accepts the app's access. Open the app again from your store's admin to reconnect it; if this message stays, reinstall the app.",
  "error.token_refresh_failed":
    "Your store no longer accepts the app's access. Open the app again from your store's admin to reconnect it; if this message stays, reinstall the app.",
  "error.ACCESS_DENIED": "The store denied access to its orders: the app needs the protected customer data approval.",
  "error.duplicate": "This supplier product is already linked to that store product.",
  "error.platform_error": "The store did not accept the change. Try again in a moment.",
  "error.platform_user_error": "The store refused part of the change. Review the values and try again.",
  "error.theme_processing_failed":
    "The store could not process the theme file. Check that it is a complete theme (layout, templates, config) and try again.",
  "error.theme_refused": "The store refused the theme. Check that the file is a valid theme.",
  "error.repository_token_refused": "The repository host refused the token; check that it can read the repository.",
  "error.repository_not_found": "The repository was not found, or the token cannot read it.",
  "error.branch_not_found": "That branch does not exist in the repository.",
  "error.same_flow": "Choose a different flow for abandoned carts than for new orders.",
  "error.supplier_unavailable":
    "The supplier marketplace could not check the token right now. Nothing was saved; try again shortly.",
  "error.invalid_input.apiKey": "Enter a valid API key.",
  "error.conflict.apiKey": "This API key is already used by another store.",
  "error.invalid_input.newOrderFlowId": "Choose one of your account's flows.",
  "error.invalid_input.abandonedCartFlowId": "Choose one of your account's flows.",
  "error.invalid_input.store_name": "Enter the name of your supplier store.",
  "error.invalid_input.storeName": "Enter the name of your supplier store.",
  "error.invalid_input.country": "Choose a country from the list.",
  "error.invalid_input.token": "Enter the integration token of your supplier store.",
  "error.invalid_input.supplier_token": "Enter the integration token of your supplier store.",
  "error.invalid_input.themeUrl": "Enter the https:// address of a theme ZIP file.",
  "error.invalid_input.platformProductId": "Choose a store product.",
  "error.invalid_input.platformVariantId": "Choose a different store variant for each row.",
  "error.invalid_input.supplierVariationId": "Choose a supplier variation from the list.",
  "error.invalid_input.name": "The supplier product has no name to copy.",
  "error.invalid_input.description": "The supplier product has no description to copy.",
  "error.invalid_input.gallery": "The supplier product has no images to copy.",
  "error.loop_test_running": "A test is already running. Wait for it to finish.",
  "error.loop_test_scope":
    "The app is not allowed to create orders in your store. Reinstall it to grant the permission.",
  "error.loop_test_order_refused": "Your store did not accept the test order. Try again in a moment.",
  "error.IP_NOT_ALLOWED":
    "The platform refused the app's server: its address is not in the app's IP allowlist. The app's operator must fix the allowlist; reconnecting the app does not help.",
  // Theme installs at once: one per shop, a few per server.
  "error.theme_install_busy": "A theme installation is already running. Try again in a few seconds.",
  // A loop test's order after its test
  "error.loop_test_ended":
    "This is the order of a loop test that has ended and removed it: it is not sent to your flow again.",
  // Sending an order whose flow already ran
  "error.repeat_needs_confirmation":
    "This order's flow already ran: confirm that you want to run it again (the buyer may get another message).",
  // Sending a held order anyway (docs/decisions/282): its data erased meanwhile; sent already (another tab)
  "error.held_order_erased": "The order data is no longer kept, so it cannot be sent to your flow.",
  "error.no_longer_held":
    "This order is no longer held by your rules, perhaps because you already sent it from another tab: nothing was sent this time. Its status is on this page.",
  "error.repeat_cooldown": "This order's flow ran less than 5 minutes ago. Wait a few minutes before sending it again.",
  "error.sync_busy": "A sync of your store is already running; try again in a moment.",
  "error.sync_not_configured": "Choose a location and turn stock sync on first.",
  "error.missing_scopes": "Grant the inventory permissions first.",

  "deliveryError.platformSaid": "Your automation platform answered: “{detail}”",
  // Order rules: the buyer's phone (docs/decisions/220).
  "deliveryError.held_no_mobile":
    "Held: the buyer's phone is not a valid mobile number. Tagged automation-no-phone for your team",
  "deliveryError.no_mobile": "Not sent: the buyer's phone is not a valid mobile number (your rule)",
  // Orders cancelled before they go out (docs/decisions/222).
  "deliveryError.order_cancelled": "Not sent: the order was cancelled before it went to your flow",
  // Duplicate hints (docs/decisions/223).
  "deliveryError.held_possible_duplicate":
    "Held: the same phone ordered the same items shortly before. Tagged automation-possible-duplicate",

  "error.invalid_input.margin": "Enter a multiplier between 0.01 and 100, for example 1.8.",
  "error.invalid_input.fixedAmount": "Enter a whole amount, no decimals (0 to add nothing).",
  "error.invalid_input.rounding": "Choose a rounding from the list.",
  "error.price_preview_stale": "The rule changed after this preview: preview it again before confirming.",
  "error.price_rule_off": "The price rule is off.",

  // Sending hours (docs/decisions/224)
  "deliveryError.waiting_for_window": "Goes out at {opensAt}",
} as const;
