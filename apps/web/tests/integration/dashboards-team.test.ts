// An organisation's team (docs/decisions/056-organisation-membership.md), on both engines: an
// owner invites an editor (who signs up through the link) and a viewer (who already has a partner
// account and accepts signed in); the role matrix of the partner routes for owner, editor, viewer
// and another organisation's owner (404 on this organisation's members); the last owner stays;
// every team change is in the audit log with its author.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { ensureDemoAccounts } from "@studyatlas/core/accounts/demo-accounts.ts";
import { AuditPageSchema, ProgrammeDetailSchema } from "@studyatlas/schemas/programmes.ts";
import { TeamSchema } from "@studyatlas/schemas/organisation-team.ts";

import { Browser, linkFor, PASSWORD, uniqueEmail } from "./account-client.ts";
import { programmePartner, registerPartner, type ProgrammePartner } from "./dashboards-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
let address = 0;
const nextIp = () => `10.56.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

let owner: ProgrammePartner;
let other: ProgrammePartner;
let editor: { browser: Browser; id: number; email: string };
let viewer: { browser: Browser; id: number; email: string };

const team = async (browser: Browser) =>
  TeamSchema.parse((await browser.call("GET", "/api/dashboard/partner/team")).json());

/** The invitation token of the newest team invitation mailed to `email`. */
async function invitationOf(email: string): Promise<string> {
  const link = await linkFor(t.database.db, email, "team_invitation");
  const token = new URL(link, "http://localhost").searchParams.get("invitation");
  if (!token) throw new Error(`no invitation in ${link}`);
  return token;
}

async function invite(email: string, role: string) {
  const answer = await owner.browser.call("POST", "/api/dashboard/partner/team/invitations", {
    body: { email, role },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return invitationOf(email);
}

beforeAll(async () => {
  t = await createTestApp();
  await ensureDemoAccounts(t.database.db);
  owner = await programmePartner(t, nextIp);
  other = await programmePartner(t, nextIp);

  // The editor signs up through the link: no organisation of their own, verified by the link.
  const editorEmail = uniqueEmail("editor");
  const editorToken = await invite(editorEmail, "editor");
  const editorBrowser = new Browser(t.app);
  const shown = await editorBrowser.call(
    "GET",
    `/api/dashboard/partner/invitation?invitation=${editorToken}`,
  );
  expect(shown.json()).toMatchObject({ email: editorEmail, role: "editor" });
  const signedUp = await editorBrowser.call("POST", "/api/dashboard/partner/invitation/register", {
    body: { invitation: editorToken, first_name: "Eda", last_name: "Editor", password: PASSWORD },
    ip: nextIp(),
  });
  expect(signedUp.statusCode, signedUp.body).toBe(201);

  // The viewer registered on their own first (a pending organisation with nobody else), then
  // accepts signed in: the empty pending organisation is left behind.
  const viewerPartner = await registerPartner(t, { schoolIds: [], approve: false, ip: nextIp });
  const viewerToken = await invite(viewerPartner.email, "viewer");
  const accepted = await viewerPartner.browser.call(
    "POST",
    "/api/dashboard/partner/invitation/accept",
    { body: { invitation: viewerToken } },
  );
  expect(accepted.statusCode, accepted.body).toBe(200);

  const members = (await team(owner.browser)).members;
  const idOf = (email: string) => members.find((member) => member.email === email)!.id;
  editor = { browser: editorBrowser, id: idOf(editorEmail), email: editorEmail };
  viewer = {
    browser: viewerPartner.browser,
    id: idOf(viewerPartner.email),
    email: viewerPartner.email,
  };
});
afterAll(async () => {
  await t?.close();
});

describe("the team", () => {
  it("lists the owner, the editor and the viewer with their roles to every member", async () => {
    for (const browser of [owner.browser, editor.browser, viewer.browser]) {
      const listed = await team(browser);
      expect(listed.members.map((member) => member.role).sort()).toEqual([
        "editor",
        "owner",
        "viewer",
      ]);
    }
    expect((await team(editor.browser)).role).toBe("editor");
    const organisation = await viewer.browser.call("GET", "/api/dashboard/partner/organisation");
    expect(organisation.json()).toMatchObject({ id: owner.organisationId, role: "viewer" });
    // Another organisation's owner sees only their own team.
    expect((await team(other.browser)).members.map((member) => member.id)).not.toContain(editor.id);
  });

  it("answers the role matrix of the partner routes", async () => {
    const programme = `/api/dashboard/partner/programmes/${owner.courseId}`;
    const detail = ProgrammeDetailSchema.parse((await owner.browser.call("GET", programme)).json());
    const who = { owner: owner.browser, editor: editor.browser, viewer: viewer.browser };
    const matrix: [string, string, object | undefined, Record<keyof typeof who, number>][] = [
      ["GET", programme, undefined, { owner: 200, editor: 200, viewer: 200 }],
      ["PUT", programme, detail.values, { owner: 200, editor: 200, viewer: 403 }],
      ["GET", "/api/dashboard/partner/leads", undefined, { owner: 200, editor: 200, viewer: 200 }],
      [
        "GET",
        "/api/dashboard/partner/settings",
        undefined,
        { owner: 200, editor: 403, viewer: 403 },
      ],
      [
        "POST",
        "/api/dashboard/partner/settings/rotate-secret",
        undefined,
        { owner: 200, editor: 403, viewer: 403 },
      ],
      [
        "POST",
        "/api/dashboard/partner/team/invitations",
        { email: uniqueEmail("nobody"), role: "viewer" },
        { owner: 201, editor: 403, viewer: 403 },
      ],
      [
        "PUT",
        `/api/dashboard/partner/team/members/${viewer.id}`,
        { role: "viewer" },
        { owner: 200, editor: 403, viewer: 403 },
      ],
      [
        "DELETE",
        `/api/dashboard/partner/team/members/${editor.id}`,
        undefined,
        { owner: 0, editor: 0, viewer: 403 },
      ],
    ];
    for (const [method, url, body, expected] of matrix) {
      for (const [role, browser] of Object.entries(who) as [keyof typeof who, Browser][]) {
        if (expected[role] === 0) continue;
        const answer = await browser.call(method, url, body === undefined ? {} : { body });
        expect(answer.statusCode, `${role} ${method} ${url}: ${answer.body}`).toBe(expected[role]);
        if (answer.statusCode === 403 && url.includes("/team/")) {
          expect(answer.json<{ code: string }>().code).toBe("member_role");
        }
      }
    }
  });

  it("answers 404 to another organisation's owner for this organisation's members and rows", async () => {
    const paths: [string, string, object | undefined][] = [
      ["GET", `/api/dashboard/partner/programmes/${owner.courseId}`, undefined],
      ["PUT", `/api/dashboard/partner/team/members/${editor.id}`, { role: "viewer" }],
      ["DELETE", `/api/dashboard/partner/team/members/${viewer.id}`, undefined],
    ];
    for (const [method, url, body] of paths) {
      const answer = await other.browser.call(method, url, body === undefined ? {} : { body });
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(404);
    }
    const invitations = (await team(owner.browser)).invitations;
    const withdraw = await other.browser.call(
      "DELETE",
      `/api/dashboard/partner/team/invitations/${invitations[0]!.id}`,
    );
    expect(withdraw.statusCode).toBe(404);
    expect((await team(owner.browser)).members).toHaveLength(3);
  });

  it("keeps the last owner, and refuses bad roles and used or foreign invitations", async () => {
    const ownerId = (await team(owner.browser)).members.find((m) => m.role === "owner")!.id;
    const stepDown = await owner.browser.call(
      "PUT",
      `/api/dashboard/partner/team/members/${ownerId}`,
      { body: { role: "editor" } },
    );
    expect(stepDown.statusCode).toBe(409);
    expect(stepDown.json<{ code: string }>().code).toBe("last_owner");
    const leave = await owner.browser.call(
      "DELETE",
      `/api/dashboard/partner/team/members/${ownerId}`,
    );
    expect(leave.statusCode).toBe(409);

    const badRole = await owner.browser.call("POST", "/api/dashboard/partner/team/invitations", {
      body: { email: uniqueEmail("x"), role: "admin" },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json<{ errors: Record<string, string[]> }>().errors.role).toEqual([
      "Choose owner, editor or viewer.",
    ]);
    const already = await owner.browser.call("POST", "/api/dashboard/partner/team/invitations", {
      body: { email: editor.email, role: "viewer" },
    });
    expect(already.statusCode).toBe(409);

    const unknown = await t.app.inject({
      method: "GET",
      url: "/api/dashboard/partner/invitation?invitation=not-a-real-invitation-token",
    });
    expect(unknown.statusCode).toBe(404);

    // An invitation for one address cannot be taken by another signed-in partner.
    const token = await invite(uniqueEmail("someone"), "editor");
    const stolen = await other.browser.call("POST", "/api/dashboard/partner/invitation/accept", {
      body: { invitation: token },
    });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json<{ code: string }>().code).toBe("invitation_other_address");
  });

  it("lets an owner change a role and remove a member, each in the audit log with its author", async () => {
    const promoted = await owner.browser.call(
      "PUT",
      `/api/dashboard/partner/team/members/${viewer.id}`,
      { body: { role: "editor" } },
    );
    expect(promoted.statusCode, promoted.body).toBe(200);
    const rewritten = await viewer.browser.call(
      "PUT",
      `/api/dashboard/partner/programmes/${owner.courseId}`,
      {
        body: ProgrammeDetailSchema.parse(
          (
            await viewer.browser.call("GET", `/api/dashboard/partner/programmes/${owner.courseId}`)
          ).json(),
        ).values,
      },
    );
    expect(rewritten.statusCode).toBe(200);

    const removed = await owner.browser.call(
      "DELETE",
      `/api/dashboard/partner/team/members/${viewer.id}`,
    );
    expect(removed.statusCode).toBe(200);
    const after = await viewer.browser.call("GET", "/api/dashboard/partner/leads");
    expect(after.statusCode).toBe(403);
    expect(after.json<{ code: string }>().code).toBe("no_organisation");

    const log = AuditPageSchema.parse(
      (await owner.browser.call("GET", "/api/dashboard/partner/audit-log")).json(),
    );
    const members = log.results.filter((entry) => entry.entity === "member");
    const actions = members.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["invite", "create", "change_role", "remove"]));
    const change = members.find((entry) => entry.action === "change_role");
    expect(change?.actor.name).toBe("Ada Editor");
    expect(change?.before).toEqual({ role: "viewer" });
    expect(change?.after).toEqual({ role: "editor" });
    const joined = members.filter((entry) => entry.action === "create");
    expect(joined.map((entry) => entry.actor.name).sort()).toEqual(["Eda Editor", "Pat Partner"]);
  });
});
