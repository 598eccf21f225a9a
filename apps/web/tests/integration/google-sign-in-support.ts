// Google, served locally, for the tests of Google sign-in (account/google_login, the auth
// service's id_token grant and its /authorize flow): its signing keys at any path but /token, and
// its token endpoint, which trades the code "good-code" for an ID token of `nextIdentity`.
import { createServer } from "node:http";

import { SignJWT, exportJWK, generateKeyPair } from "jose";

export interface GoogleStub {
  /** Where the app fetches Google's signing keys. */
  jwksUrl: string;
  /** Where the app trades an authorisation code for an ID token. */
  tokenUrl: string;
  /** An ID token Google would sign for `audience` (the stub's client id unless given). */
  idToken(claims: Record<string, unknown>, audience?: string): Promise<string>;
  /** The ID token the token endpoint hands out for the code "good-code". */
  nextIdentity: { sub: string; email: string } | undefined;
  close(): Promise<void>;
}

export async function startGoogleStub(clientId: string): Promise<GoogleStub> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const idToken = (claims: Record<string, unknown>, audience = clientId) =>
    new SignJWT({ email_verified: true, ...claims })
      .setProtectedHeader({ alg: "RS256", kid: "test-key" })
      .setIssuer("https://accounts.google.com")
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
  const server = createServer((request, response) => {
    if (request.url !== "/token") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      const identity = stub.nextIdentity;
      if (form.get("code") !== "good-code" || !identity) {
        response.writeHead(400, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: "invalid_grant" }));
        return;
      }
      void idToken(identity).then((token) => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ id_token: token, access_token: "google-access" }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no JWKS address");
  const base = `http://127.0.0.1:${address.port}`;
  const stub: GoogleStub = {
    jwksUrl: `${base}/oauth2/v3/certs`,
    tokenUrl: `${base}/token`,
    idToken,
    nextIdentity: undefined,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return stub;
}
