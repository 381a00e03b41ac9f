import type { errors as english } from "../en/errors";

/** Spanish: errors the app explains: request failures and why a delivery did not go out. */
export const errors: Record<keyof typeof english, string> = {
  "error.variant_mapped_twice": "Cada variante de la tienda se asigna una sola vez; esta está asignada en dos filas.",
  "error.variant_not_in_product":
    "Esta variante ya no pertenece al producto de la tienda. Recarga e inténtalo de nuevo.",
  "error.variation_unknown": "Esta no es una de las variaciones del producto del proveedor.",
  "error.variant_required": "Elige la variante de la tienda de esta fila.",
  "error.barcode_missing":
    "El proveedor no sugiere código de barras para esta variación: asigna otra o no uses los códigos sugeridos.",

  "deliveryError.no_api_key": "No hay una clave API de automatización guardada en Configuración",
  "deliveryError.no_order_flow": "No se eligió un flujo para pedidos nuevos en Configuración",
  "deliveryError.no_cart_flow": "No se eligió un flujo para carritos abandonados en Configuración",
  "deliveryError.no_incident_flow": "No se eligió un flujo para novedades en Configuración",
  "deliveryError.payload_erased": "Los datos del pedido se borraron (una solicitud de privacidad) antes de enviarse",
  "deliveryError.checkout_converted": "El comprador hizo el pedido: el carrito ya no está abandonado",
  "deliveryError.no_contact": "El carrito abandonado no tiene teléfono ni correo para contactar al comprador",
  "deliveryError.no_order_id": "Tu tienda avisó sin indicar ningún pedido; no se envió nada",
  "deliveryError.test_order_removed": "La prueba del circuito terminó y borró su pedido de prueba; no se envió nada",
  "deliveryError.trigger_timeout": "La plataforma de automatización no respondió a tiempo",
  "deliveryError.trigger_unreachable": "No se pudo contactar con la plataforma de automatización",
  "deliveryError.trigger_http": "La plataforma de automatización respondió con un error (HTTP {status})",
  "deliveryError.trigger_http.401":
    "La plataforma de automatización rechazó la clave API (HTTP 401). Guarda una clave nueva en Configuración",
  "deliveryError.trigger_http.403":
    "La plataforma de automatización rechazó la clave API (HTTP 403). Guarda una clave nueva en Configuración",
  "deliveryError.trigger_http.404":
    "La plataforma de automatización no reconoce este flujo (HTTP 404). Vuelve a elegirlo en Configuración",
  "deliveryError.trigger_http.422": "La plataforma de automatización no aceptó el pedido (HTTP 422)",
  "deliveryError.trigger_http.429": "La plataforma de automatización pidió esperar (HTTP 429)",
  "deliveryError.trigger_http.5xx": "La plataforma de automatización tuvo un problema propio (HTTP {status})",
  "deliveryError.preparation_failed": "La app no pudo preparar el pedido para enviarlo",
  "deliveryError.worker_stopped.one": "El envío se interrumpió en su único intento",
  "deliveryError.worker_stopped.other": "El envío se interrumpió en cada uno de sus {count} intentos",
  "deliveryError.gaveUp.one": "Se dejó de intentar tras {count} intento",
  "deliveryError.gaveUp.other": "Se dejó de intentar tras {count} intentos",
  "deliveryError.unrecorded": "Algo falló al enviarlo",

  // Failures, by the stable code the server answers (docs/decisions/101-error-codes.md) and, for a field, code.field.
  "error.invalid_input": "Revisa el campo marcado e inténtalo de nuevo.",
  "error.unauthorized": "Tu sesión terminó. Recarga la página para continuar.",
  "error.no_session": "Tu sesión terminó. Recarga la página para continuar.",
  "error.forbidden": "Esta acción no está permitida para tu tienda.",
  "error.not_found": "Este elemento ya no existe. Recarga la página.",
  "error.conflict": "Esto cambió mientras tanto. Recarga la página e inténtalo de nuevo.",
  "error.too_large": "Lo que enviaste es demasiado grande.",
  "error.refused": "La solicitud fue rechazada. Revisa los valores e inténtalo de nuevo.",
  "error.rate_limited": "Demasiadas solicitudes en este momento. Inténtalo de nuevo en un minuto.",
  "error.checked_recently":
    "Ya revisaste hace un momento. Puedes volver a revisar en un minuto; mientras tanto, la app revisa sola cada 15 minutos.",
  "error.upstream_failed": "Un servicio conectado no respondió como se esperaba. Inténtalo de nuevo en un momento.",
  "error.unavailable": "Un servicio conectado no está disponible ahora. Inténtalo de nuevo en un momento.",
  "error.upstream_timeout": "Un servicio conectado tardó demasiado en responder. Inténtalo de nuevo en un momento.",
  "error.internal": "Algo salió mal de nuestro lado. Quedó registrado; inténtalo de nuevo en un momento.",
  "error.already_delivered": "Este pedido ya llegó al flujo; no se envía dos veces.",
  "error.payload_erased": "Los datos del pedido ya no se conservan, así que no se puede enviar de nuevo.",
  "error.automation_failed":
    "La plataforma de automatización no respondió como se esperaba. Inténtalo de nuevo en un momento.",
  "error.automation_key_refused":
    "La plataforma de automatización rechazó la clave de API. Revísala e inténtalo de nuevo.",
  "error.automation_not_configured": "Conecta primero la plataforma de automatización.",
  "error.automation_unavailable": "La plataforma de automatización no responde ahora. No se guardó nada.",
  "error.bot_field_refused": "La plataforma de automatización rechazó el token del proveedor. No se guardó nada.",
  "error.supplier_not_configured": "Conecta primero tu tienda del proveedor en Configuración.",
  "error.bad_token": "El marketplace del proveedor rechazó el token de integración. No se guardó nada.",
  "error.not_configured": "Termina primero la configuración.",
  "error.not_installed": "La aplicación no está instalada en esta tienda.",
  "error.not_supported": "Esto no es compatible.",
  "error.order_not_found": "No se encontró el pedido en la tienda.",
  "error.FORBIDDEN":
    "Tu tienda no le permitió a la app esta operación: le falta un permiso que necesita. Abre la app desde el administrador de tu tienda para concederlo.",
  "error.UNAUTHORIZED":
    "Tu tienda ya no acepta el acceso de la app. Vuelve a abrir la app desde el administrador de tu tienda para reconectarla; si el mensaje sigue, reinstala la app.",
  "error.token_refresh_failed":
    "Tu tienda ya no acepta el acceso de la app. Vuelve a abrir la app desde el administrador de tu tienda para reconectarla; si el mensaje sigue, reinstala la app.",
  "error.ACCESS_DENIED":
    "La tienda negó el acceso a sus pedidos: la aplicación necesita la aprobación de datos protegidos de clientes.",
  "error.duplicate": "Este producto del proveedor ya está vinculado a ese producto de la tienda.",
  "error.platform_error": "La tienda no aceptó el cambio. Inténtalo de nuevo en un momento.",
  "error.platform_user_error": "La tienda rechazó parte del cambio. Revisa los valores e inténtalo de nuevo.",
  "error.theme_processing_failed":
    "La tienda no pudo procesar el archivo del tema. Comprueba que sea un tema completo (layout, templates, config) e inténtalo de nuevo.",
  "error.theme_refused": "La tienda rechazó el tema. Comprueba que el archivo sea un tema válido.",
  "error.repository_token_refused":
    "El servidor del repositorio rechazó el token; comprueba que pueda leer el repositorio.",
  "error.repository_not_found": "No se encontró el repositorio, o el token no puede leerlo.",
  "error.branch_not_found": "Esa rama no existe en el repositorio.",
  "error.same_flow": "Elige para los carritos abandonados un flujo distinto al de los pedidos nuevos.",
  "error.supplier_unavailable":
    "El marketplace del proveedor no pudo comprobar el token ahora. No se guardó nada; inténtalo de nuevo en un momento.",
  "error.invalid_input.apiKey": "Ingresa una clave de API válida.",
  "error.conflict.apiKey": "Esta clave de API ya la usa otra tienda.",
  "error.invalid_input.newOrderFlowId": "Elige uno de los flujos de tu cuenta.",
  "error.invalid_input.abandonedCartFlowId": "Elige uno de los flujos de tu cuenta.",
  "error.invalid_input.store_name": "Ingresa el nombre de tu tienda del proveedor.",
  "error.invalid_input.storeName": "Ingresa el nombre de tu tienda del proveedor.",
  "error.invalid_input.country": "Elige un país de la lista.",
  "error.invalid_input.token": "Ingresa el token de integración de tu tienda del proveedor.",
  "error.invalid_input.supplier_token": "Ingresa el token de integración de tu tienda del proveedor.",
  "error.invalid_input.themeUrl": "Ingresa la dirección https:// de un archivo ZIP del tema.",
  "error.invalid_input.platformProductId": "Elige un producto de la tienda.",
  "error.invalid_input.platformVariantId": "Elige una variante distinta de la tienda para cada fila.",
  "error.invalid_input.supplierVariationId": "Elige una variación del proveedor de la lista.",
  "error.invalid_input.name": "El producto del proveedor no tiene nombre para copiar.",
  "error.invalid_input.description": "El producto del proveedor no tiene descripción para copiar.",
  "error.invalid_input.gallery": "El producto del proveedor no tiene imágenes para copiar.",
  "error.IP_NOT_ALLOWED":
    "La plataforma rechazó al servidor de la app: su dirección no está en la lista de IP permitidas (IP allowlist) de la app. El operador de la app tiene que corregir la lista; reconectar la app no sirve.",
  // Theme installs at once: one per shop, a few per server.
  "error.theme_install_busy": "Ya hay una instalación de tema en curso. Inténtalo de nuevo en unos segundos.",
  // A loop test's order after its test
  "error.loop_test_ended":
    "Este es el pedido de una prueba del circuito que ya terminó y lo eliminó: no se envía de nuevo a tu flujo.",
  // Sending an order whose flow already ran
  "error.repeat_needs_confirmation":
    "El flujo de este pedido ya se ejecutó: confirma que quieres ejecutarlo otra vez (el comprador puede recibir otro mensaje).",
  // Enviar de todos modos (docs/decisions/282): sus datos ya borrados; ya enviado (otra pestaña)
  "error.held_order_erased": "Los datos del pedido ya no se conservan, así que no se puede enviar a tu flujo.",
  "error.no_longer_held":
    "Este pedido ya no está retenido por tus reglas, quizá porque ya lo enviaste desde otra pestaña: esta vez no se envió nada. Su estado está en esta página.",
  "error.repeat_cooldown":
    "El flujo de este pedido se ejecutó hace menos de 5 minutos. Espera unos minutos antes de enviarlo de nuevo.",
  "error.sync_busy": "Ya hay una sincronización de tu tienda en curso; inténtalo de nuevo en un momento.",
  "error.sync_not_configured": "Primero elige una ubicación y activa la sincronización de stock.",
  "error.missing_scopes": "Primero concede los permisos de inventario.",

  "deliveryError.platformSaid": "Tu plataforma de automatización respondió: «{detail}»",

  "error.loop_test_running": "Ya hay una prueba en curso. Espera a que termine.",
  "error.loop_test_scope": "La app no tiene permiso para crear pedidos en tu tienda. Reinstálala para concederlo.",
  "error.loop_test_order_refused": "Tu tienda no aceptó el pedido de prueba. Inténtalo de nuevo en un momento.",

  // Order rules: the buyer's phone (docs/decisions/220).
  "deliveryError.held_no_mobile":
    "Retenido: el teléfono del comprador no es un celular válido. Se etiquetó automation-no-phone para tu equipo",
  "deliveryError.no_mobile": "No se envió: el teléfono del comprador no es un celular válido (tu regla)",
  // Orders cancelled before they go out (docs/decisions/222).
  "deliveryError.order_cancelled": "No se envió: el pedido se canceló antes de enviarse a tu flujo",
  // Duplicate hints (docs/decisions/223).
  "deliveryError.held_possible_duplicate":
    "Retenido: el mismo teléfono pidió los mismos productos hace poco. Se etiquetó automation-possible-duplicate",

  "error.invalid_input.margin": "Escribe un multiplicador entre 0,01 y 100, por ejemplo 1,8.",
  "error.invalid_input.fixedAmount": "Escribe un monto entero, sin decimales (0 si no sumas nada).",
  "error.invalid_input.rounding": "Elige un redondeo de la lista.",
  "error.price_preview_stale": "La regla cambió después de esta vista previa: vuelve a verla antes de confirmar.",
  "error.price_rule_off": "La regla de precios está desactivada.",

  // Sending hours (docs/decisions/224)
  "deliveryError.waiting_for_window": "Sale a las {opensAt}",
};
