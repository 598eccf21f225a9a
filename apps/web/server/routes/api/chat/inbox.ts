// The advisors' inbox API (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md). Advisors
// only (403 for everyone else signed in, 401 signed out); a chat the advisor may not see (another
// advisor's) answers 404. Typing and read receipts are for any participant. Cookie callers under
// the usual XSRF rules.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

import { listInbox } from "@studyatlas/core/chat/inbox.ts";
import {
  assignChat,
  closeChat,
  getInboxState,
  listAdvisors,
  reopenChat,
  requireAdvisor,
  setAccepting,
  snoozeChat,
} from "@studyatlas/core/chat/inbox-actions.ts";
import { participation } from "@studyatlas/core/chat/chats.ts";
import { announceTyping, chatReceipts } from "@studyatlas/core/chat/presence.ts";
import {
  createSavedReply,
  deleteSavedReply,
  listSavedReplies,
} from "@studyatlas/core/chat/saved-replies.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import { ChatParamsSchema } from "@studyatlas/schemas/chat.ts";
import {
  AcceptingBodySchema,
  AdvisorListSchema,
  AssignBodySchema,
  ChatReceiptsSchema,
  InboxListSchema,
  InboxQuerySchema,
  InboxStateSchema,
  SavedReplyBodySchema,
  SavedReplyListSchema,
  SavedReplyParamsSchema,
  SavedReplySchema,
  SnoozeBodySchema,
} from "@studyatlas/schemas/inbox.ts";

import type { AppServices } from "../../../../app/context.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};
const tags = ["chat"];

type Database = AppServices["db"];

/** The signed-in advisor, else 401 (signed out) or 403 (another role), before the body is read. */
async function requireAdvisorUser(request: FastifyRequest): Promise<void> {
  requireAdvisor(signedInUser(request).user);
}

const advisorOf = (request: FastifyRequest) => signedInUser(request).user;

export async function chatInboxRoutes(app: FastifyInstance, options: { services: AppServices }) {
  const { db } = options.services;
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });
  inboxListRoutes(app, db);
  inboxChatRoutes(app, db);
  savedReplyRoutes(app, db);
  presenceRoutes(app, db);
}

function inboxListRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get("/inbox", {
    preValidation: [requireUser, requireAdvisorUser],
    schema: {
      tags,
      summary: "The advisor's inbox: filter all|unread|mine|unassigned|snoozed|closed, q searches",
      querystring: InboxQuerySchema,
      response: { 200: InboxListSchema, ...errors },
    },
    handler: async (request) => {
      const results = await listInbox(db, advisorOf(request).id, request.query);
      return { count: results.length, results };
    },
  });

  api.get("/inbox/advisors", {
    preValidation: [requireUser, requireAdvisorUser],
    schema: {
      tags,
      summary: "The advisors a chat can be assigned to, and who takes new chats",
      response: { 200: AdvisorListSchema, ...errors },
    },
    handler: async () => ({ results: await listAdvisors(db) }),
  });

  api.put("/inbox/accepting", {
    preValidation: [requireUser, requireAdvisorUser],
    schema: {
      tags,
      summary: "Whether the caller takes new chats in turn (off while away)",
      body: AcceptingBodySchema,
      response: { 200: AcceptingBodySchema, ...errors },
    },
    handler: async (request) => {
      await setAccepting(db, advisorOf(request), request.body.accepting);
      return { accepting: request.body.accepting };
    },
  });
}

function inboxChatRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const common = {
    preValidation: [requireUser, requireAdvisorUser],
  };
  api.get("/chats/:id/inbox", {
    ...common,
    schema: {
      tags,
      summary: "The chat's assignee, closed and snoozed state",
      params: ChatParamsSchema,
      response: { 200: InboxStateSchema, ...errors },
    },
    handler: async (request) => {
      await participation(db, advisorOf(request).id, request.params.id);
      return getInboxState(db, request.params.id);
    },
  });

  api.put("/chats/:id/assignee", {
    ...common,
    schema: {
      tags,
      summary: "Assign the chat to an advisor (advisor_id), or to nobody (null)",
      params: ChatParamsSchema,
      body: AssignBodySchema,
      response: { 200: InboxStateSchema, ...errors },
    },
    handler: async (request) =>
      assignChat(db, advisorOf(request), request.params.id, request.body.advisor_id),
  });

  for (const [action, summary, run] of [
    ["close", "Close the chat (the student writing again reopens it)", closeChat],
    ["reopen", "Reopen a closed or snoozed chat", reopenChat],
  ] as const) {
    api.post(`/chats/:id/${action}`, {
      ...common,
      schema: {
        tags,
        summary,
        params: ChatParamsSchema,
        response: { 200: InboxStateSchema, ...errors },
      },
      handler: async (request) => run(db, advisorOf(request), request.params.id),
    });
  }

  api.post("/chats/:id/snooze", {
    ...common,
    schema: {
      tags,
      summary: "Snooze the chat until a time (at most 90 days ahead)",
      params: ChatParamsSchema,
      body: SnoozeBodySchema,
      response: { 200: InboxStateSchema, ...errors },
    },
    handler: async (request) =>
      snoozeChat(db, advisorOf(request), request.params.id, new Date(request.body.until)),
  });
}

function savedReplyRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = [requireUser, requireAdvisorUser];
  api.get("/inbox/saved-replies", {
    preValidation,
    schema: {
      tags,
      summary: "The caller's saved replies",
      response: { 200: SavedReplyListSchema, ...errors },
    },
    handler: async (request) => ({ results: await listSavedReplies(db, advisorOf(request)) }),
  });

  api.post("/inbox/saved-replies", {
    preValidation,
    schema: {
      tags,
      summary: "Save a reply (title 1-80, body 1-4000 characters; titles are unique per advisor)",
      body: SavedReplyBodySchema,
      response: { 201: SavedReplySchema, ...errors },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createSavedReply(db, advisorOf(request), request.body)),
  });

  api.delete("/inbox/saved-replies/:replyId", {
    preValidation,
    schema: {
      tags,
      summary: "Delete one of the caller's saved replies",
      params: SavedReplyParamsSchema,
      response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
    },
    handler: async (request) => {
      await deleteSavedReply(db, advisorOf(request), request.params.replyId);
      return { deleted: true as const };
    },
  });
}

function presenceRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post("/chats/:id/typing", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Tell the chat's other participants, live, that the caller is typing",
      params: ChatParamsSchema,
      response: { 202: z.object({ typing: z.literal(true) }), ...errors },
    },
    handler: async (request, reply) => {
      await announceTyping(db, signedInUser(request).user.id, request.params.id);
      return reply.code(202).send({ typing: true as const });
    },
  });

  api.get("/chats/:id/receipts", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "How far the chat's other participants have read (read receipts)",
      params: ChatParamsSchema,
      response: { 200: ChatReceiptsSchema, ...errors },
    },
    handler: async (request) => ({
      results: await chatReceipts(db, signedInUser(request).user.id, request.params.id),
    }),
  });
}
