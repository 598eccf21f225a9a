// The service worker of Web Push (docs/decisions/057-student-loop.md): shows the notification a
// push carries ({title, body, url}) and opens its page on a click. It handles pushes only (no
// fetch handler), so its scope under /api/notifications/ is enough.
import type { FastifyInstance } from "fastify";

export const PUSH_WORKER_PATH = "/notifications/push-worker.js";

const PUSH_WORKER_SOURCE = `"use strict";
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" ? data.title : "StudyAtlas";
  const url = typeof data.url === "string" && data.url.startsWith("/") ? data.url : "/applications";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      data: { url },
      tag: url,
    }),
  );
});
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.url));
});
`;

export async function pushWorkerRoute(app: FastifyInstance) {
  app.get(PUSH_WORKER_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header("content-type", "text/javascript; charset=utf-8").send(PUSH_WORKER_SOURCE),
  );
}
