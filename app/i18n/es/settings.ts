import type { settings as english } from "../en/settings";

/** Spanish: settings: connections, order rules, answers, holds, alerts and operations. */
export const settings: Record<keyof typeof english, string> = {
  "settings.automation.title": "Plataforma de automatización",
  "settings.automation.description":
    "Cada pedido nuevo se envía al flujo que elijas aquí; el resultado vuelve al pedido como etiquetas.",
  "settings.automation.apiKey": "Clave de API",
  "settings.automation.apiKeySaved": "Clave guardada: {masked}. Déjalo vacío para conservarla.",
  "settings.automation.apiKeyRequired": "Ingresa la clave de API de tu cuenta de automatización",
  "settings.automation.newOrderFlow": "Flujo para pedidos nuevos",
  "settings.automation.abandonedCartFlow": "Flujo para carritos abandonados",
  "settings.automation.chooseFlow": "Elige un flujo",
  "settings.automation.flowRequired": "Elige un flujo",
  "settings.automation.flowsHelp":
    "Ingresa la clave de API y pruébala o guárdala: luego eliges entre los flujos de tu cuenta.",
  "settings.automation.noFlows": "Esta cuenta aún no tiene flujos. Crea uno en la plataforma de automatización.",
  "settings.automation.test": "Probar conexión",
  "settings.automation.testOk.one": "Conectado: {count} flujo encontrado",
  "settings.automation.testOk.other": "Conectado: {count} flujos encontrados",
  "settings.automation.save": "Guardar automatización",
  "settings.automation.saved": "Automatización guardada",
  "settings.supplier.title": "Marketplace del proveedor",
  "settings.supplier.description":
    "Tu tienda de proveedor te permite vincular sus productos con los productos de esta tienda.",
  "settings.supplier.storeName": "Nombre de la tienda",
  "settings.supplier.storeNameRequired": "Ingresa el nombre de tu tienda de proveedor",
  "settings.supplier.country": "País",
  "settings.supplier.countryRequired": "Elige el país de tu tienda de proveedor",
  "settings.supplier.chooseCountry": "Elige un país",
  "settings.supplier.token": "Token de integración",
  "settings.supplier.tokenSaved": "Token guardado: {masked}. Déjalo vacío para conservarlo.",
  "settings.supplier.tokenRequired": "Ingresa el token de integración de tu tienda de proveedor",
  "settings.supplier.needsAutomation":
    "Conecta primero la plataforma de automatización: el token se guarda a través de ella.",
  "settings.supplier.save": "Guardar y probar conexión",
  "settings.supplier.saved": "Marketplace del proveedor conectado",
  "settings.supplier.test": "Probar conexión",
  "settings.supplier.testOk.one": "Conectado: {count} producto disponible",
  "settings.supplier.testOk.other": "Conectado: {count} productos disponibles",
  "settings.supplier.test.rejected":
    "El marketplace del proveedor rechazó el token guardado. Ingresa un token nuevo arriba y guarda.",
  "settings.supplier.test.unavailable":
    "El marketplace del proveedor no responde ahora. Vuelve a probar en un momento.",
  "settings.supplier.test.rate_limited":
    "El marketplace del proveedor pidió ir más despacio. Vuelve a probar en un minuto.",
  "settings.supplier.receiver.title": "Estados de los pedidos",
  "settings.supplier.receiver.where":
    "Para que el estado de cada paquete llegue a esta tienda, pega esta URL en el panel de tu marketplace de proveedores, en Integraciones → Webhooks, como URL de notificación de estados de pedidos.",
  "settings.supplier.receiver.url": "URL de estados",
  "settings.supplier.receiver.copy": "Copiar",
  "settings.supplier.receiver.copied": "URL copiada",
  "settings.supplier.receiver.copyByHand": "Tu navegador no nos dejó copiarla: selecciona la URL y cópiala tú",
  "settings.supplier.receiver.onlyOnce":
    "Cópiala ahora y pégala en el panel del marketplace: por tu seguridad solo se muestra esta vez.",
  "settings.supplier.receiver.current": "URL actual: {masked}",
  "settings.supplier.receiver.create": "Crear URL de estados",
  "settings.supplier.receiver.rotate": "Generar una URL nueva",
  "settings.supplier.receiver.rotateHelp":
    "¿Perdiste la URL? Genera una nueva y pégala en el panel: la actual deja de funcionar en ese momento.",
  "settings.supplier.follow.title": "Seguir el paquete en la tienda",
  "settings.supplier.follow.enabled": "Actualizar el pedido de la tienda a medida que avanza el paquete",
  "settings.supplier.follow.help":
    "Cuando el proveedor informe una etapa, la app preparará el pedido de la tienda con su número de guía, agregará los eventos de entrega y lo marcará como pagado al entregarse. Está desactivado hasta que lo actives.",
  "settings.supplier.follow.feature": "Seguir el paquete en la tienda",
  "settings.supplier.follow.withoutScopes":
    "Mientras no los concedas, los estados de cada paquete se siguen registrando y mostrando en esta app; solo el pedido de la tienda queda como está.",
  "settings.supplier.follow.on": "La tienda seguirá cada paquete",
  "settings.supplier.follow.off": "La tienda ya no seguirá los paquetes",
  "settings.supplier.statusMap.title": "Tus propios estados",
  "settings.supplier.statusMap.help":
    "¿Tu transportadora envía un estado que esta tienda aún no conoce, o quiere decir otra cosa con uno? Dinos qué etapa es; la ortografía, las tildes y las mayúsculas no importan.",
  "settings.supplier.statusMap.raw": "Estado como lo envía el marketplace",
  "settings.supplier.statusMap.stage": "Léelo como",
  "settings.supplier.statusMap.add": "Agregar un estado",
  "settings.supplier.statusMap.remove": "Quitar",
  "settings.supplier.statusMap.removeLabel": "Quitar el estado {raw}",
  "settings.supplier.statusMap.save": "Guardar estados",
  "settings.supplier.statusMap.saved": "Estados guardados",
  "journey.stage.at_supplier": "En el proveedor",
  "journey.stage.label_created": "Guía generada",
  "journey.stage.handed_to_carrier": "Entregado a la transportadora",
  "journey.stage.in_transit": "En tránsito",
  "journey.stage.out_for_delivery": "En reparto",
  "journey.stage.incident": "Novedad",
  "journey.stage.delivered": "Entregado",
  "journey.stage.returning": "En devolución",
  "journey.stage.returned": "Devuelto",
  "journey.stage.rejected": "Rechazado",
  "journey.stage.cancelled": "Cancelado",
  "journey.stage.lost": "Perdido",

  "operations.search": "Buscar pedidos",
  "operations.searchPlaceholder": "Número de pedido, nombre o teléfono del comprador",
  "operations.export": "Exportar CSV",
  "operations.retryAll": "Enviar de nuevo las fallidas ({count})",
  "operations.retryConfirmTitle": "¿Reintentar todas las entregas fallidas?",
  "operations.retryConfirmBody.one":
    "{count} entrega fallida se envía de nuevo a la plataforma de automatización, un par por segundo para no superar su límite.",
  "operations.retryConfirmBody.other":
    "{count} entregas fallidas se envían de nuevo a la plataforma de automatización, un par por segundo para no superar su límite.",
  "operations.retryConfirm": "Reintentarlas",
  "operations.retryQueued.one": "{count} entrega en cola de nuevo",
  "operations.retryQueued.other": "{count} entregas en cola de nuevo",
  "operations.pause": "Pausar la automatización",
  "operations.resume": "Reanudar la automatización",
  "operations.pausedTitle": "La automatización está en pausa",
  "operations.pausedBody.one":
    "En pausa desde {since}. Los pedidos nuevos se siguen registrando; {count} espera y sale al reanudar.",
  "operations.pausedBody.other":
    "En pausa desde {since}. Los pedidos nuevos se siguen registrando; {count} esperan y salen al reanudar.",

  "alerts.keyRefusedTitle": "La plataforma de automatización rechaza tu clave de API",
  "alerts.keyRefusedBody":
    "Los pedidos no llegan a tus flujos. Copia una clave de API nueva de la plataforma de automatización y guárdala en Configuración; luego reintenta los pedidos sin enviar.",
  "alerts.openSettings": "Abrir configuración",
  // La plataforma rechaza al servidor de la app por su lista de IP permitidas: lo corrige el operador, no el comerciante.
  "alerts.ipNotAllowedTitle": "El servidor de la app no puede acceder a los datos de tu tienda",
  "alerts.ipNotAllowedBody":
    "La plataforma de tu tienda rechaza las llamadas de la app porque la dirección de su servidor no está en la lista de IP permitidas (IP allowlist) de la app. No se arregla desde tu tienda ni desde la configuración de la app, y reconectar la app no sirve: el operador de la app tiene que añadir la dirección del servidor a esa lista. Mientras tanto, los pedidos siguen llegando a tus flujos, pero no se les pueden añadir las etiquetas.",
  "alerts.spikeTitle2.one": "En la última hora, {count} pedido tuvo problemas para llegar a tu flujo",
  "alerts.spikeTitle2.other": "En la última hora, {count} pedidos tuvieron problemas para llegar a tu flujo",
  "alerts.spike.retrying.one": "{count} se reintenta solo.",
  "alerts.spike.retrying.other": "{count} se reintentan solos.",
  "alerts.spike.dead.one":
    "{count} ya no se reintenta: envíalo de nuevo con «Enviar de nuevo las fallidas» cuando la plataforma responda.",
  "alerts.spike.dead.other":
    "{count} ya no se reintentan: envíalos de nuevo con «Enviar de nuevo las fallidas» cuando la plataforma responda.",
  "alerts.spike.flowFailed.one":
    "En {count}, tu flujo informó que falló: revisa el flujo y envíalo de nuevo desde su página.",
  "alerts.spike.flowFailed.other":
    "En {count}, tu flujo informó que falló: revisa el flujo y envíalos de nuevo desde su página.",
  "alerts.spike.cause": "La plataforma de automatización está fallando o no responde.",
  "alerts.open.dead": "Ver los pedidos sin enviar",
  "alerts.open.retrying": "Ver los pedidos que se reintentan",
  "alerts.open.flow_failed": "Ver los pedidos en que el flujo falló",

  // Pausa y reanudación, dichas al hacerlas.
  "operations.pausedToast": "Automatización en pausa",
  "operations.resumedToast": "Automatización reanudada",

  "settings.orderRules.title": "Reglas de envío",
  "settings.orderRules.description":
    "Qué hacer con un pedido antes de enviarlo a tu flujo de WhatsApp. El teléfono se pasa a formato internacional (+57…) con el país de la dirección de envío, luego el del cliente y luego el de tu tienda.",
  "settings.orderRules.noPhone": "Pedido sin un celular válido",
  "settings.orderRules.noPhone.send": "Enviarlo igual",
  "settings.orderRules.noPhone.hold": "Retenerlo y etiquetarlo automation-no-phone para tu equipo",
  "settings.orderRules.noPhone.skip": "No enviarlo",
  "settings.orderRules.phoneCountry": "Teléfonos escritos sin código internacional",
  "settings.orderRules.phoneCountry.help":
    "Para números escritos sin código de país cuando el pedido no indica país. Sin elegir: el país de tu proveedor.",
  "settings.orderRules.phoneCountry.supplier": "El país de tu proveedor",
  "settings.orderRules.save": "Guardar reglas",
  "settings.orderRules.saved": "Reglas guardadas",
  "settings.orderRules.duplicateWindow": "Posibles duplicados: minutos entre pedidos iguales",
  "settings.orderRules.duplicateWindow.help":
    "El mismo teléfono pidiendo los mismos productos dentro de este tiempo se etiqueta automation-possible-duplicate. Vacío o 0: no se revisa.",
  "settings.orderRules.duplicateAction": "Un posible duplicado",
  "settings.orderRules.duplicateAction.send": "Enviarlo, etiquetado y marcado para tu flujo",
  "settings.orderRules.duplicateAction.hold": "Retenerlo para que tu equipo lo revise",
  // La respuesta del comprador (docs/decisions/210).
  "settings.answers.title": "Respuesta del comprador",
  "settings.answers.description":
    "Dile a la app qué aviso de tu flujo (callback) significa que el comprador confirmó, rechazó o no respondió. La app guarda la respuesta de cada pedido junto a las etiquetas; sin reglas no cambia nada.",

  "answers.answer.confirmed": "Confirmó",
  "answers.answer.refused": "Rechazó",
  "answers.answer.no_answer": "Sin respuesta",
  "answers.preset": "Empieza con un modelo",
  "answers.preset.choose": "Elige un modelo",
  "answers.preset.status": "Estado del aviso (completed, cancelled…)",
  "answers.preset.tags-es": "Etiquetas en español (confirmado, cancelado…)",
  "answers.preset.tags-en": "Etiquetas en inglés (confirmed, cancelled…)",
  "answers.preset.use": "Usar modelo",
  "answers.none": "Sin reglas: la app no registra respuestas.",
  "answers.rule.answer": "Respuesta",
  "answers.rule.status": "Cuando el estado es",
  "answers.rule.tag": "Cuando una etiqueta es",
  "answers.rule.help":
    "Una regla coincide cuando el aviso trae su estado y/o su etiqueta (sin importar mayúsculas). La primera regla que coincide da la respuesta.",
  "answers.rule.add": "Añadir regla",
  "answers.rule.removeNumber": "Eliminar la regla {number}",
  "answers.save": "Guardar respuestas",
  "answers.saved": "Reglas de respuesta guardadas",
  "answers.preview.title": "Vista previa con los últimos avisos de tu flujo",
  "answers.preview.empty": "Aún no hay avisos: la vista previa aparece cuando tu flujo haya respondido por un pedido.",
  "answers.preview.summary.one": "{matched} de {count} aviso da una respuesta con estas reglas.",
  "answers.preview.summary.other": "{matched} de {count} avisos dan una respuesta con estas reglas.",
  "answers.preview.status": "estado {status}",
  "answers.preview.tags": "etiquetas {tags}",
  "answers.preview.noMatch": "Ninguna regla coincide",

  // Retener pedidos hasta que el comprador responda (docs/decisions/211).
  "settings.holds.title": "Retener hasta que el comprador confirme",
  "settings.holds.description":
    "La app retiene el envío de los pedidos contra entrega en cuanto tu tienda los asigna, para que nadie despache un pedido que el comprador no ha confirmado. Una confirmación lo libera; la app solo libera sus propias retenciones.",

  "holds.enabled": "Retener pedidos hasta que el comprador responda",
  "holds.enabled.help": "Desactivado por defecto. Necesita las reglas de respuesta del comprador de arriba.",
  "holds.codOnly": "Solo pedidos contra entrega",
  "holds.gateways": "Nombres de método de pago que significan contra entrega",
  "holds.gateways.help": "Uno por línea, como aparecen en tus pedidos (sin importar mayúsculas).",
  "holds.onRefused": "Cuando el comprador rechaza",
  "holds.onRefused.keep": "Mantener la retención y las etiquetas",
  "holds.onRefused.cancel": "Cancelar el pedido y reponer el inventario",
  "holds.noAnswerHours": "Horas sin respuesta",
  "holds.noAnswerHours.help":
    "Contadas desde que la app retiene el pedido. Si tu flujo avisa que el comprador no respondió, la app lo anota y sigue esperando a que pasen estas horas: el comprador aún puede responder. Vacío: esperar lo que haga falta.",
  "holds.onNoAnswer": "Pasadas esas horas",
  "holds.onNoAnswer.keep": "Mantener la retención",
  "holds.onNoAnswer.release": "Liberar el pedido",
  "holds.onNoAnswer.cancel": "Cancelar el pedido y reponer el inventario",
  "holds.notifyCustomer": "Avisar al comprador por correo cuando la app cancele",
  "holds.cancelWarning.title": "Cancelar no se puede deshacer",
  "holds.cancelWarning":
    "Un pedido cancelado no se puede reabrir: el comprador tendría que pedir de nuevo. Tu tienda no cancela pedidos ya preparados; la app te muestra el motivo y no lo vuelve a intentar.",
  "holds.save": "Guardar retenciones",
  "holds.saved": "Retenciones guardadas",
  "holds.feature": "Retener pedidos",
  // Notas que la app deja en el pedido para el equipo de la tienda, en el idioma de la tienda (docs/decisions/290).
  "holds.staffNote.hold": "Esperando la confirmación del comprador",
  "holds.staffNote.cancelRefused": "Cancelado por la app: el comprador rechazó el pedido.",
  "holds.staffNote.cancelNoAnswer": "Cancelado por la app: el comprador no confirmó el pedido a tiempo.",
  "holds.staffNote.cancelMerchant": "Cancelado desde la app de automatización de pedidos.",

  "settings.orderRules.sendingHours": "Enviar pedidos solo en un horario",
  "settings.orderRules.sendingHours.help":
    "En la hora de tu tienda. Los pedidos que lleguen fuera del horario esperan y salen en orden cuando abre; si «hasta» es antes que «desde», el horario cruza la medianoche.",
  "settings.orderRules.sendingHours.from": "Desde",
  "settings.orderRules.sendingHours.to": "Hasta",

  "operations.pauseConfirmTitle": "¿Pausar la automatización?",
  "operations.pauseConfirmBody":
    "Los pedidos nuevos no se enviarán a tu flujo hasta que la reanudes. Ninguno se pierde: esperan en la cola.",
  "operations.pauseConfirm": "Pausar",
  "operations.resumeConfirmTitle": "¿Reanudar la automatización?",
  "operations.resumeConfirmBody.one": "{count} pedido en espera se enviará a tu flujo ahora.",
  "operations.resumeConfirmBody.other": "{count} pedidos en espera se enviarán a tu flujo ahora.",
  "operations.resumeConfirm": "Reanudar",
};
