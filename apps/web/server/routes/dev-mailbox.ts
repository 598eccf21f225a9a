// The development mailbox (README "Accounts", DEV_MAILBOX): the outbox as pages, for people trying
// the sign-up and reset flows without an SMTP server, and as JSON for the end-to-end tests.
// Registered only when the config allows it; on production's default it answers this machine
// only and is a plain 404 for anyone else (policies/mailbox-access.ts, ADR 046): it shows
// verification and reset links.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

import { getOutboxMessage, listOutbox } from "@studyatlas/core/accounts/outbox.ts";

import type { AppServices } from "../../app/context.ts";
import { isLocalRequest, type MailboxAccess } from "../policies/mailbox-access.ts";
import { MAX_INT4 } from "@studyatlas/schemas/limits.ts";

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#0a1f44}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde3ee;padding:.5rem;text-align:left;vertical-align:top}pre{white-space:pre-wrap;background:#f4f6fb;padding:1rem;border-radius:8px}a{color:#1a56db}</style></head><body>${body}</body></html>`;
}

export async function devMailboxRoutes(
  app: FastifyInstance,
  options: { services: AppServices; access: Exclude<MailboxAccess, "off"> },
): Promise<void> {
  const { db } = options.services;
  app.addHook("onRequest", async (request, reply) => {
    // The socket's own address: request.ip would follow X-Forwarded-For under TRUST_PROXY.
    const local = isLocalRequest({
      socketAddress: request.raw.socket.remoteAddress,
      headers: request.headers,
    });
    if (options.access === "loopback" && !local) return reply.callNotFound();
    // Its links sign a person in or set a password: no cache keeps them.
    void reply.header("cache-control", "no-store");
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ListQuery = z.object({ to: z.string().max(254).optional() });

  api.get("/mailbox.json", { schema: { hide: true, querystring: ListQuery } }, async (request) => {
    const rows = await listOutbox(db, { ...(request.query.to ? { to: request.query.to } : {}) });
    return rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      subject: row.subject,
      kind: row.kind,
      link: row.link,
      text: row.text,
      html: row.html,
      created_at: row.createdAt.toISOString(),
    }));
  });

  api.get(
    "/mailbox",
    { schema: { hide: true, querystring: ListQuery } },
    async (request, reply) => {
      const rows = await listOutbox(db, { ...(request.query.to ? { to: request.query.to } : {}) });
      const items = rows
        .map(
          (row) =>
            `<tr><td>${row.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td><td>${escapeHtml(row.toAddress)}</td><td><a href="/dev/mailbox/${row.id}">${escapeHtml(row.subject)}</a></td></tr>`,
        )
        .join("");
      return reply
        .type("text/html; charset=utf-8")
        .send(
          page(
            "Development mailbox",
            `<h1>Development mailbox</h1><p>Messages kept in the outbox (no SMTP server configured), newest first.</p>${
              rows.length
                ? `<table><thead><tr><th scope="col">Sent</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${items}</tbody></table>`
                : "<p>No messages yet.</p>"
            }`,
          ),
        );
    },
  );

  api.get(
    "/mailbox/:id",
    {
      schema: {
        hide: true,
        params: z.object({ id: z.coerce.number().int().positive().max(MAX_INT4) }),
      },
    },
    async (request, reply) => {
      const row = await getOutboxMessage(db, request.params.id);
      if (!row)
        return reply
          .code(404)
          .type("text/html; charset=utf-8")
          .send(page("Not found", "<h1>No such message</h1>"));
      const link = row.link
        ? `<p><a href="${escapeHtml(row.link)}">${escapeHtml(row.link)}</a></p>`
        : "";
      return reply
        .type("text/html; charset=utf-8")
        .send(
          page(
            row.subject,
            `<p><a href="/dev/mailbox">← All messages</a></p><h1>${escapeHtml(row.subject)}</h1><p>To: ${escapeHtml(row.toAddress)}</p>${link}<pre>${escapeHtml(row.text)}</pre>`,
          ),
        );
    },
  );
}
