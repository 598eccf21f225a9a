// The demo's two advisors (docs/decisions/058-chat-attachments-and-the-advisor-inbox.md): new
// chats go to them in turn. Specs that watch the spec's advisor (316, Ava) receive a new chat ask
// the second advisor (Ben) to step away first, so every new chat of the run goes to Ava; Ben can
// still be given a chat by hand.
import { expect, request as apiRequest } from "@playwright/test";

const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

export const ADVISOR = { email: "advisor@studyatlas.test", password: "Demo1234!" };
export const SECOND_ADVISOR = { email: "advisor2@studyatlas.test", password: "Demo1234!" };

/** Ben stops taking new chats (idempotent; safe from parallel workers). */
export async function secondAdvisorStepsAway(): Promise<void> {
  const api = await apiRequest.newContext({
    baseURL: BASE_URL,
    extraHTTPHeaders: { "X-Forwarded-For": "198.19.250.250" },
  });
  try {
    const signIn = await api.post("/api/account/token", { data: SECOND_ADVISOR });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const { access } = (await signIn.json()) as { access: string };
    const away = await api.put("/api/inbox/accepting", {
      data: { accepting: false },
      headers: { authorization: `Bearer ${access}` },
    });
    expect(away.status(), await away.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}
