// The chat API (docs/spec/accounts-and-details.md §2 "Chat", §4 "Chat", §5 "Chat";
// docs/decisions/012-applications-and-live-chat.md).
// Cookie or Bearer, under the usual XSRF rules. Every path answers 404 for a chat the caller does
// not take part in (packages/core/src/chat/chats.ts decides, from the session's user).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

import { getChatApplication } from "@studyatlas/core/applications/applications.ts";
import {
  countUnread,
  hideChat,
  listChats,
  listMessages,
  markChatRead,
  postMessage,
} from "@studyatlas/core/chat/chats.ts";
import { ApiErrorSchema } from "@studyatlas/schemas/catalogue.ts";
import {
  CHAT_MESSAGES,
  ChatApplicationSchema,
  ChatHiddenSchema,
  ChatListSchema,
  ChatMessageBodySchema,
  ChatMessageSchema,
  ChatMessagesQuerySchema,
  ChatMessagesSchema,
  ChatParamsSchema,
  ChatReadSchema,
} from "@studyatlas/schemas/chat.ts";

import type { AppServices } from "../../../../app/context.ts";
import { requireUser, signedInUser } from "../../../plugins/auth.ts";

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  429: ApiErrorSchema,
};

const tags = ["chat"];

type Database = AppServices["db"];

export async function chatRoutes(app: FastifyInstance, options: { services: AppServices }) {
  const { db } = options.services;
  // Private answers: never kept by a browser cache or on the way.
  app.addHook("onSend", async (_request, reply, payload) => {
    void reply.header("cache-control", "no-store");
    return payload;
  });
  chatListRoutes(app, db);
  messageRoutes(app, db);
  chatActionRoutes(app, db);
}

/** The caller's chats and the header's unread count. */
function chatListRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get("/chats", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "The caller's chats, newest last message first (advisors: unread first)",
      response: { 200: ChatListSchema, ...errors },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      const results = await listChats(db, user.id, { unreadFirst: user.role === "advisor" });
      return {
        count: results.length,
        unread: results.reduce((sum, chat) => sum + chat.unread, 0),
        results,
      };
    },
  });

  api.get("/chats/unread", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Unread messages over all of the caller's chats (the header badge)",
      response: { 200: z.object({ unread: z.number().int() }), ...errors },
    },
    handler: async (request) => ({ unread: await countUnread(db, signedInUser(request).user.id) }),
  });
}

/** One chat's messages: a page of them, and a new one. */
function messageRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get("/chats/:id/messages", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Up to 50 messages, oldest first: the newest, or before/after a message id",
      params: ChatParamsSchema,
      querystring: ChatMessagesQuerySchema,
      response: { 200: ChatMessagesSchema, ...errors },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      return listMessages(db, user.id, request.params.id, request.query);
    },
  });

  api.post("/chats/:id/messages", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Send a message (1-4000 characters; 30 a minute, advisors 120)",
      params: ChatParamsSchema,
      body: ChatMessageBodySchema,
      response: { 201: ChatMessageSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { user } = signedInUser(request);
      const message = await postMessage(db, user, request.params.id, request.body.content);
      return reply.code(201).send(message);
    },
  });
}

/** Reading, hiding, and the application a chat is about. */
function chatActionRoutes(app: FastifyInstance, db: Database) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post("/chats/:id/read", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Mark the chat read up to its newest message",
      params: ChatParamsSchema,
      response: { 200: ChatReadSchema, ...errors },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      await markChatRead(db, user.id, request.params.id);
      return { chat_id: request.params.id, unread: 0 as const };
    },
  });

  api.delete("/chats/:id", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "Remove the chat from the caller's own list (the other side keeps it)",
      params: ChatParamsSchema,
      response: { 200: ChatHiddenSchema, ...errors },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      await hideChat(db, user.id, request.params.id);
      return { chat_id: request.params.id, hidden: true as const };
    },
  });

  api.get("/chats/:id/application", {
    preValidation: requireUser,
    schema: {
      tags,
      summary: "The application the chat is about (its participants only)",
      params: ChatParamsSchema,
      response: { 200: ChatApplicationSchema, ...errors },
    },
    handler: async (request) => {
      const { user } = signedInUser(request);
      return {
        application: await getChatApplication(
          db,
          user.id,
          request.params.id,
          CHAT_MESSAGES.notFound,
        ),
      };
    },
  });
}
