import type { storeActions as en } from "../en/store-actions";

/**
 * Español: lo que hizo la app en el pedido de la tienda por el paquete (la columna del registro, la tarjeta del
 * paquete, decisión 329), y por qué aún no se ve la respuesta del comprador.
 */
export const storeActions: Record<keyof typeof en, string> = {
  "storeAction.done.fulfilled": "Preparado con la guía {number}",
  "storeAction.done.fulfilledBy": "Preparado con la guía {number} de {company}",
  "storeAction.done.event": "Evento de envío añadido: {stage}",
  "storeAction.done.incident": "Intento de entrega añadido",
  "storeAction.done.paid": "Marcado como pagado",
  "storeAction.done.ended": "Pedido cancelado",
  "storeAction.restock.restocked": "Existencias repuestas.",
  "storeAction.restock.synced_left":
    "Existencias repuestas, salvo los productos sincronizados: las suyas las ajusta la sincronización con el proveedor.",
  "storeAction.what.fulfilled": "preparar con la guía",
  "storeAction.what.event": "añadir evento de envío ({stage})",
  "storeAction.what.incident": "añadir intento de entrega",
  "storeAction.what.paid": "marcar como pagado",
  "storeAction.what.ended": "cancelar el pedido",
  "storeAction.status.owed": "Pendiente: {what}",
  "storeAction.status.stood_down": "Lo dejó en tus manos: {what}",
  "storeAction.status.given_up": "Tu tienda no lo aceptó: {what}",
  "storeAction.reason.merchant_fulfilled": "Ya habías preparado el pedido.",
  "storeAction.reason.order_cancelled": "El pedido ya estaba cancelado.",
  "storeAction.reason.order_gone": "El pedido ya no existe en tu tienda.",
  "storeAction.reason.order_paid": "El pedido está pagado: reembolsarlo lo decides tú.",
  "storeAction.reason.held_by_other": "Tú u otra app retienen el envío del pedido.",
  "storeAction.reason.nothing_to_fulfil": "No quedaba nada por preparar.",
  "storeAction.reason.no_app_fulfilment": "La app no preparó este pedido.",
  "storeAction.reason.mark_paid_off": "Marcar como pagado al entregar está desactivado.",
  "storeAction.reason.other": "La app lo dejó en tus manos.",
  "storeAction.tag": "Etiqueta {tag} añadida",
  "storeAction.more.one": "y {count} paso más en la página del pedido",
  "storeAction.more.other": "y {count} pasos más en la página del pedido",
  "parcel.title": "Paquete",
  "parcel.guide": "Guía",
  "parcel.carrier": "Transportadora",
  "parcel.stage": "Etapa",
  "parcel.stageSince": "{stage}, desde {time}",
  "parcel.timeline": "Recorrido",
  "parcel.timelineEmpty": "Aún no hay estados.",
  "parcel.storeActions": "Lo que hizo la app en tu tienda",
  "parcel.noStoreActions": "Nada todavía: la app actúa cuando el paquete sale.",
  "parcel.catchUp": "Nada todavía: la tienda se pone al día con este paquete en su próximo estado.",
  "parcel.none": "El proveedor aún no ha informado un paquete para este pedido.",
  "parcel.followOff":
    "Tu tienda no se está actualizando con este paquete: la app registra su recorrido, pero no prepara, sigue, marca como pagado ni cancela el pedido.",
  "parcel.followMissingScopes":
    "Seguir el paquete en la tienda está activado, pero a la app le faltan los permisos para hacerlo: tu tienda no se está actualizando.",
  "parcel.followLink": "Activa seguir el paquete en Configuración",
  "parcel.scopesLink": "Concede los permisos en Configuración",
  "deliveries.filter.appAction.fulfilled": "Preparado con guía",
  "deliveries.filter.appAction.paid": "Marcado como pagado",
  "deliveries.answer.noRules": "Sin reglas de respuesta",
  "deliveries.answer.noRulesHelp": "La respuesta del comprador se registra cuando configuras las reglas de respuesta.",
  "deliveries.answer.noRulesLink": "Configurar reglas de respuesta",
};
