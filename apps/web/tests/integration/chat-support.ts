// What the apply and chat tests share: users signed in as API clients (Bearer), a valid
// application payload, a live-socket client that collects what the server pushes, and one app per
// test file with the calls those tests make.
import { randomBytes } from "node:crypto";
import { connect } from "node:net";

import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import WebSocket from "ws";

import { ADVISOR_USER_ID, ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { createUser } from "@studyatlas/core/accounts/users.ts";
import { openDatabase, type Database, type DatabaseHandle } from "@studyatlas/db/client.ts";
import {
  ApplicationCreatedSchema,
  type ApplicationInput,
} from "@studyatlas/schemas/applications.ts";
import { ChatListSchema, ChatMessageSchema, type ChatMessage } from "@studyatlas/schemas/chat.ts";

import { buildApp } from "../../server/app.ts";
import { testConfig } from "../../server/test-config.ts";
import { apiTokens, PASSWORD, uniqueEmail } from "./account-client.ts";
import { createTestApp, parseWith, type TestApp } from "./test-app.ts";

export interface ApiUser {
  id: number;
  email: string;
  token: string;
  headers: Record<string, string>;
}

let userCount = 0;

/** A new verified user of `role`, signed in as an API client. */
export async function apiUser(
  app: FastifyInstance,
  db: Database,
  role: "student" | "advisor" = "student",
  name = "Grace",
): Promise<ApiUser> {
  const email = uniqueEmail(role);
  const user = await createUser(db, {
    email,
    firstName: name,
    lastName: "Tester",
    password: PASSWORD,
    role,
    emailVerified: true,
  });
  // Each user signs in from an address of its own: the per-network sign-in limit is not what
  // these tests are about.
  userCount += 1;
  const response = await app.inject({
    method: "POST",
    url: "/api/account/token",
    payload: { email, password: PASSWORD },
    remoteAddress: `10.77.${Math.floor(userCount / 250) % 250}.${(userCount % 250) + 1}`,
  });
  const access = response.json<{ access?: string }>().access;
  if (response.statusCode !== 200 || !access) {
    throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  }
  return { id: user.id, email, token: access, headers: { authorization: `Bearer ${access}` } };
}

/** Published programmes and two countries of the test catalogue. */
export async function catalogueIds(database: DatabaseHandle) {
  const courses = await database.query<{ id: number; slug: string }>(
    `select c.id, c.slug from courses c join schools s on s.id = c.school_id
     where c.published and s.published order by c.id limit 40`,
  );
  const countries = await database.query<{ id: number }>(
    "select id from countries order by id limit 2",
  );
  return { courses: courses.rows, countries: countries.rows.map((row) => Number(row.id)) };
}

export function applicationFor(
  course: number,
  countries: number[],
  overrides: Partial<ApplicationInput> = {},
): ApplicationInput {
  return {
    course,
    title: "Dr",
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.com",
    sex: "Female",
    country: countries[0]!,
    nationality: String(countries[1]!),
    date_of_birth: "1990-12-09",
    phone_number: "+44 20 7946 0958",
    address: "1 Navy Yard",
    city: "Arlington",
    zip_code: "22202",
    referral_code: "",
    ...overrides,
  };
}

/** A live socket that keeps every event it receives. */
export interface LiveClient {
  socket: WebSocket;
  events: { type: string; chat_id?: number; message?: ChatMessage; receivedAt: number }[];
  messages(): ChatMessage[];
  close(): Promise<void>;
}

/** Opens `GET /api/chats/live` on a listening server; resolves once the server says ready. */
export function openLive(
  baseUrl: string,
  headers: Record<string, string>,
  options: { localAddress?: string } = {},
): Promise<LiveClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/chats/live`, {
      headers,
      ...options,
    });
    const client: LiveClient = {
      socket,
      events: [],
      messages: () =>
        client.events.flatMap((event) =>
          event.type === "message" && event.message ? [event.message] : [],
        ),
      close: () =>
        new Promise((done) => {
          if (socket.readyState === WebSocket.CLOSED) return done();
          socket.once("close", () => done());
          socket.close();
        }),
    };
    socket.on("message", (data: Buffer) => {
      const event = JSON.parse(data.toString("utf8")) as LiveClient["events"][number];
      event.receivedAt = performance.now();
      client.events.push(event);
      if (event.type === "ready") resolve(client);
    });
    socket.once("unexpected-response", (_request, response) => {
      reject(new Error(`upgrade refused with ${response.statusCode}`));
    });
    socket.once("error", reject);
  });
}

/** The status an upgrade is refused with (or 101 when it opens). */
export function upgradeStatus(baseUrl: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/chats/live`, { headers });
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("open", () => {
      resolve(101);
      socket.close();
    });
    socket.once("error", (error) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

/** A second app process on the same PostgreSQL database, listening on a port of its own. */
export interface SecondProcess {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

export async function secondProcess(databaseUrl: string | undefined): Promise<SecondProcess> {
  if (!databaseUrl) throw new Error("The PostgreSQL test database has no address");
  const database = await openDatabase({ kind: "postgres", url: databaseUrl, maxConnections: 4 });
  const app = await buildApp({
    config: testConfig(),
    database,
    frontend: { kind: "none" },
    logger: false,
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    url,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export function expectStatus(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
}

/** The test file's app, listening for sockets, with the demo advisor and the calls of the tests. */
export async function openChatTestApp() {
  const t: TestApp = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  // These tests talk to the spec's advisor (316): the demo's second advisor steps away, so every
  // new chat goes to 316 (the rotation itself: chat-inbox.test.ts).
  await t.database.query("update inbox_advisors set accepting = false where user_id <> $1", [
    ADVISOR_USER_ID,
  ]);
  const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { courses, countries } = await catalogueIds(t.database);
  expect(courses.length).toBeGreaterThan(20);
  const { access } = await apiTokens(t.app, "advisor@studyatlas.test", "Demo1234!");
  const advisor: ApiUser = {
    id: ADVISOR_USER_ID,
    email: "advisor@studyatlas.test",
    token: access,
    headers: { authorization: `Bearer ${access}` },
  };
  let nextCourse = 0;
  /** A programme nobody has applied to yet in this file (in turn). */
  const course = (): { id: number; slug: string } => {
    const next = courses[nextCourse % courses.length]!;
    nextCourse += 1;
    return next;
  };
  const call = (
    user: ApiUser | undefined,
    method: "GET" | "POST" | "DELETE",
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: user?.headers ?? {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const apply = async (student: ApiUser, courseId = course().id) => {
    const response = await call(
      student,
      "POST",
      "/api/academics/course/create_interest",
      applicationFor(courseId, countries),
    );
    expectStatus(response, 201);
    return parseWith(ApplicationCreatedSchema, response.json(), "create_interest");
  };
  const send = async (user: ApiUser, chatId: number, content: string) => {
    const response = await call(user, "POST", `/api/chats/${chatId}/messages`, { content });
    expectStatus(response, 201);
    return parseWith(ChatMessageSchema, response.json(), "message");
  };
  const chatsOf = async (user: ApiUser) => {
    const response = await call(user, "GET", "/api/chats");
    expectStatus(response, 200);
    return parseWith(ChatListSchema, response.json(), "chats");
  };
  return { t, baseUrl, countries, advisor, course, call, apply, send, chatsOf };
}

export type ChatTestApp = Awaited<ReturnType<typeof openChatTestApp>>;

/** What a raw upgrade request got: the status line's code, and when the server closed the TCP connection. */
export interface RawUpgrade {
  status: number;
  /** Milliseconds from the answer to the server's close, or undefined if it stayed open. */
  closedAfterMs: number | undefined;
}

/**
 * Sends `GET /api/chats/live` as an upgrade over a bare TCP connection (from `localAddress`, any
 * loopback address) and watches whether the server closes it after a refusal, for `waitMs`.
 */
export function rawUpgrade(
  baseUrl: string,
  headers: Record<string, string>,
  options: { localAddress?: string; waitMs?: number } = {},
): Promise<RawUpgrade> {
  const { hostname, port } = new URL(baseUrl);
  const waitMs = options.waitMs ?? 2000;
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: hostname,
      port: Number(port),
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    let received = "";
    let answeredAt: number | undefined;
    let status = 0;
    const finish = (closedAfterMs: number | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, closedAfterMs });
    };
    const timer = setTimeout(() => finish(undefined), waitMs + 5000);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (answeredAt !== undefined) return;
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
      if (!match) return;
      answeredAt = performance.now();
      status = Number(match[1]);
      if (status === 101) return finish(undefined);
      clearTimeout(timer);
      setTimeout(() => finish(undefined), waitMs);
    });
    socket.once("close", () => {
      if (answeredAt === undefined)
        return reject(new Error(`closed without an answer: ${received}`));
      finish(performance.now() - answeredAt);
    });
    socket.once("error", () => undefined);
    const lines = [
      "GET /api/chats/live HTTP/1.1",
      `Host: ${hostname}:${port}`,
      "Connection: Upgrade",
      "Upgrade: websocket",
      "Sec-WebSocket-Version: 13",
      `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  });
}

/** Opens `count` live sockets for `user`, `batch` at a time; answers the clients that opened. */
export async function openMany(
  baseUrl: string,
  headers: Record<string, string>,
  count: number,
): Promise<PromiseSettledResult<LiveClient>[]> {
  return Promise.allSettled(Array.from({ length: count }, () => openLive(baseUrl, headers)));
}

/** Resolves with the close code and reason a client's socket gets (or rejects after `ms`). */
export function closeOf(client: LiveClient, ms = 5000): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    if (client.socket.readyState === WebSocket.CLOSED) {
      reject(new Error("the socket was closed before it was watched"));
      return;
    }
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    client.socket.once("close", (code: number, reason: Buffer) => {
      clearTimeout(timer);
      resolve({ code, reason: reason.toString("utf8") });
    });
  });
}
