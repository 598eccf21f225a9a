// The student's own applications and saved profile on a real database
// (docs/decisions/057-student-loop.md; both engines): the list with the status the school set, the
// programme page's "You applied" answer, the profile an application saves and /applications edits,
// and that nobody reads another student's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { APPLICATION_MESSAGES } from "@studyatlas/schemas/applications.ts";
import {
  ApplicationForCourseSchema,
  MyApplicationsSchema,
  STUDENT_STATUS_LABELS,
} from "@studyatlas/schemas/my-applications.ts";

import { apiUser, expectStatus, openChatTestApp, type ChatTestApp } from "./chat-support.ts";
import { parseWith } from "./test-app.ts";

let chatApp: ChatTestApp;

beforeAll(async () => {
  chatApp = await openChatTestApp();
}, 60_000);
afterAll(async () => {
  await chatApp?.t.close();
});

const student = () => apiUser(chatApp.t.app, chatApp.t.database.db);

describe("GET /api/applications", () => {
  it("lists the caller's applications, newest first, with status and chat", async () => {
    const me = await student();
    const first = chatApp.course();
    const second = chatApp.course();
    const one = await chatApp.apply(me, first.id);
    const two = await chatApp.apply(me, second.id);
    await chatApp.t.database.query(
      `insert into lead_states (application_id, status) values ($1, 'enrolled')`,
      [one.application_id],
    );
    const response = await chatApp.call(me, "GET", "/api/applications");
    expectStatus(response, 200);
    expect(response.headers["cache-control"]).toContain("no-store");
    const body = parseWith(MyApplicationsSchema, response.json(), "applications");
    expect(body.results.map((item) => item.id)).toEqual([two.application_id, one.application_id]);
    expect(body.results[1]).toMatchObject({
      programme: { id: first.id, slug: first.slug },
      status: "enrolled",
      status_label: STUDENT_STATUS_LABELS.enrolled,
      chat_id: one.chat_id,
    });
    expect(body.results[0]).toMatchObject({ status: "new", status_label: "Received" });
    // The application saved the profile that prefills the next one.
    expect(body.profile).toMatchObject({
      title: "Dr",
      city: "Arlington",
      phone_number: "+44 20 7946 0958",
    });

    const other = await student();
    const theirs = await chatApp.call(other, "GET", "/api/applications");
    expect(parseWith(MyApplicationsSchema, theirs.json(), "other").results).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    expectStatus(await chatApp.call(undefined, "GET", "/api/applications"), 401);
    expectStatus(await chatApp.call(undefined, "GET", "/api/applications/for-course/1"), 401);
  });
});

describe("GET /api/applications/for-course/:courseId", () => {
  it("says whether the caller applied, with the chat, and gives the profile", async () => {
    const me = await student();
    const target = chatApp.course();
    const before = await chatApp.call(me, "GET", `/api/applications/for-course/${target.id}`);
    expect(parseWith(ApplicationForCourseSchema, before.json(), "before")).toEqual({
      application: null,
      profile: null,
    });
    const created = await chatApp.apply(me, target.id);
    const after = await chatApp.call(me, "GET", `/api/applications/for-course/${target.id}`);
    const body = parseWith(ApplicationForCourseSchema, after.json(), "after");
    expect(body.application).toMatchObject({
      id: created.application_id,
      chat_id: created.chat_id,
    });
    expect(body.profile?.zip_code).toBe("22202");
    // Another student asking about the same programme learns nothing of this application.
    const other = await student();
    const theirs = await chatApp.call(other, "GET", `/api/applications/for-course/${target.id}`);
    expect(theirs.json()).toEqual({ application: null, profile: null });
  });

  it("answers 400 for a programme id that is not one", async () => {
    const me = await student();
    for (const bad of ["abc", "0", "99999999999"]) {
      expectStatus(await chatApp.call(me, "GET", `/api/applications/for-course/${bad}`), 400);
    }
  });
});

describe("PUT /api/applications/profile", () => {
  const put = (headers: Record<string, string>, payload: unknown) =>
    chatApp.t.app.inject({
      method: "PUT",
      url: "/api/applications/profile",
      headers,
      payload: payload as object,
    });
  const profile = () => ({
    title: "Mrs",
    sex: "Female",
    country: chatApp.countries[0],
    nationality: chatApp.countries[1],
    date_of_birth: "1995-03-04",
    phone_number: "+33 1 23 45 67 89",
    address: "5 Rue de Rivoli",
    city: "Paris",
    zip_code: "75001",
  });

  it("saves the profile, which the next application form starts with", async () => {
    const me = await student();
    const saved = await put(me.headers, profile());
    expectStatus(saved, 200);
    const target = chatApp.course();
    const answer = await chatApp.call(me, "GET", `/api/applications/for-course/${target.id}`);
    expect(answer.json<{ profile: unknown }>().profile).toMatchObject({
      city: "Paris",
      title: "Mrs",
    });
  });

  it("refuses a bad field with the form's own message, and an unknown country", async () => {
    const me = await student();
    const bad = await put(me.headers, { ...profile(), phone_number: "call me" });
    expectStatus(bad, 400);
    expect(JSON.stringify(bad.json())).toContain(APPLICATION_MESSAGES.phone);
    const unknown = await put(me.headers, { ...profile(), country: 2_000_000_000 });
    expectStatus(unknown, 400);
    expect(unknown.json<{ errors: unknown }>().errors).toMatchObject({
      country: [APPLICATION_MESSAGES.country],
    });
    expectStatus(await put({}, profile()), 401);
  });
});
