import type { home as english } from "../en/home";

/** Spanish: home and the loop test. */
export const home: Record<keyof typeof english, string> = {
  "home.checklist.title": "Configuración inicial",
  "home.checklist.progress": "{done} de {total} pasos completados",
  "home.checklist.automation": "Conecta la plataforma de automatización",
  "home.checklist.flows": "Elige los flujos de pedidos nuevos y carritos abandonados",
  "home.checklist.supplier": "Conecta el marketplace del proveedor",
  "home.checklist.product": "Vincula un producto del proveedor con un producto de la tienda",
  "home.checklist.theme": "Instala el tema",
  "home.checklist.automation.help":
    "Los pedidos llegan a tu flujo del chatbot mediante la clave de API de tu cuenta de automatización.",
  "home.checklist.flows.help":
    "Un flujo confirma los pedidos nuevos con el comprador; otro escribe a quienes dejaron su carrito.",
  "home.checklist.supplier.help":
    "El token de tu tienda del proveedor te permite ver su catálogo y vincular sus productos.",
  "home.checklist.product.help":
    "Un producto vinculado toma el nombre, la descripción, las imágenes y los códigos de barras del proveedor.",
  "home.checklist.theme.help":
    "Opcional: un tema de tienda pensado para pedidos contra entrega, instalado sin publicar.",
  "home.checklist.after": "Disponible después de: {step}",
  "home.checklist.dismiss": "Ocultar la guía de configuración",
  "home.checklist.complete": "Configuración completa. Tus pedidos van al flujo en cuanto se crean.",
  "home.checklist.done": "Listo",
  "home.checklist.todo": "Pendiente",
  "home.checklist.go": "Configurar",
  "home.health.title": "Pedidos enviados al flujo, últimas 24 horas",
  "home.health.delivered": "Enviados al flujo",
  "home.health.retrying": "Reintentando",
  "home.health.dead": "Sin enviar",
  "home.health.flowFailed": "El flujo falló",
  "home.health.viewLog": "Ver la actividad del flujo",
  "home.orders.title": "Pedidos recientes",
  "home.orders.empty": "Aún no hay pedidos. Los pedidos nuevos aparecen aquí en cuanto se crean.",
  "home.orders.order": "Pedido",
  "home.orders.date": "Fecha",
  "home.orders.customer": "Cliente",
  "home.orders.total": "Total",
  "home.orders.tags": "Etiquetas",
  "home.orders.noTags": "Sin etiquetas",
  "home.orders.beforeInstall": "Anterior a la instalación de la app",

  "loopTest.title": "Probar el circuito completo",
  "loopTest.intro":
    "Crea un pedido de prueba en tu tienda y lo sigue de tu tienda a tu flujo y de vuelta: el aviso del pedido nuevo, el envío al flujo, la respuesta del flujo y la etiqueta en el pedido. El pedido de prueba no tiene cliente, se elimina al terminar y no cuenta en tus estadísticas. Como no hay comprador a quien escribir, sale al flujo en el momento, fuera de tu horario de envío y sin pasar por tus reglas de pedidos (sin móvil, posibles duplicados).",
  "loopTest.start": "Iniciar la prueba",
  "loopTest.again": "Repetir la prueba",
  "loopTest.placing": "Creando el pedido de prueba…",
  "loopTest.following": "Siguiendo el pedido de prueba {order}. Suele tardar unos segundos.",
  "loopTest.step.webhook": "Tu tienda avisó a la app del pedido",
  "loopTest.step.trigger": "La app envió el pedido a tu flujo",
  "loopTest.step.callback": "Tu flujo respondió",
  "loopTest.step.tag": "Etiqueta agregada al pedido",
  "loopTest.state.done": "a los {seconds} s",
  "loopTest.badge.done": "Hecho",
  "loopTest.badge.waiting": "Esperando",
  "loopTest.badge.pending": "Sin llegar",
  "loopTest.badge.failed": "Falló",
  "loopTest.passed":
    "El circuito completo funciona: el pedido de prueba fue de tu tienda a tu flujo y volvió en {seconds} s.",
  "loopTest.failed": "El circuito se detuvo en este paso: {step}",
  "loopTest.whatToCheck": "Qué revisar",
  "loopTest.detail": "Lo que vio la app: {detail}",
  "loopTest.flowReportedFailure":
    "Tu flujo respondió que falló con el pedido de prueba. Es lo esperado si el flujo necesita el teléfono del comprador (el pedido de prueba no tiene cliente); si no, revisa el flujo.",
  "loopTest.problem.order_not_created":
    "Tu tienda no aceptó el pedido de prueba. Comprueba que la app sigue teniendo permiso para crear pedidos (reinstálala si tu tienda lo pide) y repite la prueba.",
  "loopTest.problem.no_webhook":
    "Tu tienda no avisó a la app del pedido nuevo. Reinstala la app para que tu tienda vuelva a avisarle de cada pedido, y repite la prueba.",
  "loopTest.problem.automation_paused":
    "La automatización está en pausa para tu tienda, así que el pedido no se envió. Reanúdala en la página Actividad del flujo y repite la prueba.",
  "loopTest.problem.no_api_key": "No hay una clave de API de automatización guardada. Agrégala en Configuración.",
  "loopTest.problem.no_flow": "No hay un flujo elegido para pedidos nuevos. Elige uno en Configuración.",
  "loopTest.problem.trigger_skipped": "La app no envió el pedido al flujo.",
  "loopTest.reason": "Motivo: {reason}",
  "loopTest.problem.key_refused":
    "Tu plataforma de automatización rechazó la clave de API. Guarda una clave nueva en Configuración.",
  "loopTest.problem.flow_not_found":
    "Tu plataforma de automatización no conoce el flujo elegido. Vuelve a elegir el flujo de pedidos nuevos en Configuración.",
  "loopTest.problem.automation_refused":
    "Tu plataforma de automatización rechazó el pedido. Revisa el disparador del flujo en tu cuenta de automatización.",
  "loopTest.problem.automation_unreachable":
    "Tu plataforma de automatización no respondió. Revisa su estado; los pedidos reales se reintentan solos.",
  "loopTest.problem.no_trigger":
    "La app no envió el pedido a tiempo. Comprueba que el servidor de la app y su proceso de envío están en marcha.",
  "loopTest.problem.no_callback":
    "Tu flujo no respondió. Comprueba que el flujo termina con el paso que avisa a la app del resultado, con tu clave de API y el nombre del pedido.",
  "loopTest.problem.tag_refused":
    "Tu tienda rechazó la etiqueta en el pedido. Comprueba que la app sigue teniendo permiso para editar pedidos.",
  "loopTest.problem.no_tag":
    "La respuesta llegó, pero no se agregó ninguna etiqueta al pedido. Comprueba que la app sigue teniendo permiso para editar pedidos.",
  "loopTest.cleanup.waiting": "El pedido de prueba {order} se elimina al terminar la prueba.",
  "loopTest.cleanup.deleted": "El pedido de prueba {order} se eliminó.",
  "loopTest.cleanup.cancelled": "El pedido de prueba {order} no se pudo eliminar, así que se canceló.",
  "loopTest.cleanup.failed": "El pedido de prueba {order} no se pudo quitar. Elimínalo en Pedidos.",
  "loopTest.order.title": "Prueba del circuito (se elimina sola)",
  "loopTest.order.note":
    "Pedido de prueba creado por la app de automatización de pedidos para comprobar el circuito completo. Se elimina automáticamente.",

  "home.noPhone.one": "{count} pedido en los últimos 7 días no tenía un celular válido",
  "home.noPhone.other": "{count} pedidos en los últimos 7 días no tenían un celular válido",
  "home.noPhone.link": "Revisar las reglas de envío",
  // Los envíos que la app retiene, por qué aún no hay respuesta (docs/decisions/300).
  "home.held.title": "Envíos retenidos por la app",
  "home.held.none": "Ahora no hay envíos retenidos.",
  "home.held.waitingBuyer.one": "{count} pedido enviado al comprador, esperando su respuesta",
  "home.held.waitingBuyer.other": "{count} pedidos enviados al comprador, esperando su respuesta",
  "home.held.answered.one": "{count} pedido con respuesta del comprador que sigue retenido según tu configuración",
  "home.held.answered.other": "{count} pedidos con respuesta del comprador que siguen retenidos según tu configuración",
  "home.held.heldByRules.one":
    "{count} pedido retenido por tus reglas (sin celular o posible duplicado): no se envió al comprador hasta que lo revises",
  "home.held.heldByRules.other":
    "{count} pedidos retenidos por tus reglas (sin celular o posible duplicado): no se enviaron al comprador hasta que los revises",
  "home.held.sendingHours.one": "{count} pedido esperando tu horario de envío: sale el {opensAt}",
  "home.held.sendingHours.other": "{count} pedidos esperando tu horario de envío: el primero sale el {opensAt}",
  "home.held.notSent.one": "{count} pedido aún sin llegar a tu flujo",
  "home.held.notSent.other": "{count} pedidos aún sin llegar a tu flujo",
  "home.held.oldestSince": "Retenido desde el {time}",
  "home.checklist.refused": "Clave rechazada",
  "home.checklist.automation.refused":
    "La plataforma de automatización rechaza la clave guardada: pega una nueva en Configuración.",

  "loopTest.ranAt": "Prueba del {time}",
  "loopTest.resumedSince":
    "La automatización estaba en pausa durante esta prueba y ya la reanudaste: vuelve a probar el circuito.",
  // The loop test's hold steps, when the shop holds orders until the buyer answers.
  "loopTest.step.hold": "La app retuvo el pedido hasta la respuesta del comprador",
  "loopTest.step.release": "La app liberó el pedido con la confirmación de la prueba",
  "loopTest.problem.no_hold":
    "La app no retuvo el pedido de prueba. Revisa en Configuración, en «Retener hasta que el comprador confirme», que hayas concedido los permisos que pide.",
  "loopTest.problem.no_release":
    "La app retuvo el pedido pero no lo liberó con la confirmación. Si liberaste o cancelaste el pedido a mano, la app se hizo a un lado.",
};
