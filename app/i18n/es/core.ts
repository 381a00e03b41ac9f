import type { core as english } from "../en/core";

/** Spanish: the app's frame: navigation, common words, countries, scopes. */
export const core: Record<keyof typeof english, string> = {
  "app.title": "Automatización de pedidos",

  "nav.home": "Inicio",
  "nav.settings": "Configuración",
  "nav.catalogue": "Catálogo del proveedor",
  "nav.products": "Productos vinculados",
  "nav.deliveries": "Actividad del flujo",
  "nav.theme": "Tema",

  "common.refresh": "Actualizar",
  "common.retry": "Reintentar",
  "common.cancel": "Cancelar",
  "common.save": "Guardar",
  "common.delete": "Eliminar",
  "common.none": "Ninguno",
  "common.previous": "Anterior",
  "common.next": "Siguiente",
  "common.pageOf": "Página {page} de {pages}",
  "common.unexpectedError": "Algo salió mal. Inténtalo de nuevo en un momento.",
  "common.networkError": "No se pudo contactar la aplicación. Revisa tu conexión e inténtalo de nuevo.",

  "unsaved.discard": "Descartar",
  "unsaved.leaveTitle": "¿Salir sin guardar?",
  "unsaved.leaveBody": "Los cambios de esta página no se han guardado. Si sales, se pierden.",
  "unsaved.leave": "Salir sin guardar",
  "unsaved.stay": "Quedarme",

  "country.CO": "Colombia",
  "country.EC": "Ecuador",
  "country.CL": "Chile",
  "country.GT": "Guatemala",
  "country.MX": "México",
  "country.PA": "Panamá",
  "country.PE": "Perú",
  "country.PY": "Paraguay",

  // Página del pedido, estadísticas, operaciones y alertas.
  "nav.insights": "Estadísticas",

  "repeatFlow.title": "¿Ejecutar el flujo otra vez?",
  "repeatFlow.body":
    "La plataforma de automatización ya recibió este pedido y su flujo se ejecutó, al menos en parte: el comprador puede recibir otro mensaje. Cada pedido se puede enviar de nuevo una vez cada 5 minutos.",
  "repeatFlow.confirm": "Ejecutar otra vez",

  // Order tags written by the flow's callback
  "tagPolicy.title": "Etiquetas de los pedidos",
  "tagPolicy.description":
    "La app añade etiquetas a los pedidos para que los encuentres en la lista de pedidos de tu tienda. Las etiquetas se escriben igual en todos los idiomas, así tus filtros y automatizaciones siempre las encuentran.",
  "tagPolicy.list": "Las etiquetas que añade la app",
  "tagPolicy.meaning.processed": "tu flujo terminó con el pedido (su resultado, no la respuesta del comprador)",
  "tagPolicy.meaning.completed": "tu flujo informó que completó el pedido",
  "tagPolicy.meaning.pending": "tu flujo aún no termina con el pedido",
  "tagPolicy.meaning.error": "el pedido no llegó a tu flujo, o tu flujo informó que falló",
  "tagPolicy.meaning.buyerConfirmed": "el comprador confirmó el pedido",
  "tagPolicy.meaning.buyerRefused": "el comprador rechazó el pedido",
  "tagPolicy.meaning.buyerNoAnswer": "el comprador no respondió a tiempo",
  "tagPolicy.meaning.noPhone": "retenido por tus reglas: el teléfono del comprador no es un celular válido",
  "tagPolicy.meaning.duplicate": "posible duplicado: el mismo teléfono pidió los mismos productos hace poco",
  "tagPolicy.answerTag": "Añadir la respuesta del comprador como etiqueta",
  "tagPolicy.answerTagHelp":
    "Activado (recomendado): un pedido confirmado, rechazado o sin respuesta lleva su propia etiqueta, según tus reglas de respuesta, así en la lista de pedidos un pedido rechazado no se ve como uno confirmado. Solo se añade, nunca se quita.",
  "tagPolicy.replace": "Reemplazar la etiqueta de resultado del flujo anterior",
  "tagPolicy.replaceHelp":
    "Desactivado (recomendado): las etiquetas solo se añaden y el pedido conserva todas, así tus filtros y automatizaciones que buscan, por ejemplo, automation-processed lo siguen encontrando. Activado: cada nuevo resultado del flujo quita la etiqueta de resultado que la app añadió antes; las de la respuesta del comprador y tus propias etiquetas nunca se tocan.",
  "tagPolicy.saved": "Preferencia de etiquetas guardada",

  "duration.underSecond": "menos de 1\u00a0s",

  // Permisos opcionales, pedidos cuando una función los necesita.
  "scopes.missing.title": "{feature} necesita más permisos",
  "scopes.missing":
    "Para esto la app necesita permiso para {scopes}. Mientras no lo concedas, la app sigue funcionando sin esta función.",
  "scope.read_inventory": "ver el inventario",
  "scope.write_inventory": "cambiar el inventario",
  "scope.read_locations": "ver tus ubicaciones",
  "scope.write_merchant_managed_fulfillment_orders": "retener, liberar y preparar los envíos que preparas tú",
  "scope.write_third_party_fulfillment_orders":
    "retener, liberar y preparar los envíos que prepara otra app o tu proveedor",
  "scopes.request": "Conceder permisos",
  "scopes.answer.granted": "Permisos concedidos.",
  "scopes.answer.declined": "No se concedieron los permisos. La función queda inactiva hasta que los concedas.",
  "scopes.answer.unavailable": "Abre la app desde el administrador de tu tienda para conceder permisos.",
};
