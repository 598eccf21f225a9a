// Security headers of every response (docs/security.md): a per-request CSP nonce for the inline
// scripts React Router renders, and helmet's headers with the Content-Security-Policy that names
// it. Vite's dev client injects inline scripts and opens a WebSocket, so the CSP applies outside
// development only.
import { randomBytes } from "node:crypto";

import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    cspNonce: string;
  }
}

/** The raw request carries the nonce too, because helmet's directive callbacks see only raw objects. */
type NoncedRequest = { cspNonce?: string };

function contentSecurityPolicy(googleClientId: string | undefined) {
  const google = googleClientId !== undefined;
  return {
    useDefaults: true,
    directives: {
      "script-src": [
        "'self'",
        (request: unknown) => `'nonce-${(request as NoncedRequest).cspNonce ?? ""}'`,
        // Google Identity Services, only when Google sign-in is configured.
        ...(google ? ["https://accounts.google.com/gsi/client"] : []),
      ],
      "img-src": ["'self'", "data:"],
      "frame-src": [
        "https://www.youtube.com",
        "https://www.youtube-nocookie.com",
        ...(google ? ["https://accounts.google.com/gsi/"] : []),
      ],
      ...(google
        ? {
            "connect-src": ["'self'", "https://accounts.google.com/gsi/"],
            "style-src": ["'self'", "'unsafe-inline'", "https://accounts.google.com/gsi/style"],
          }
        : {}),
      "frame-ancestors": ["'none'"],
      "upgrade-insecure-requests": null,
    },
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { development: boolean; googleClientId: string | undefined },
): Promise<void> {
  app.decorateRequest("cspNonce", "");
  app.addHook("onRequest", async (request) => {
    request.cspNonce = randomBytes(16).toString("base64");
    (request.raw as NoncedRequest).cspNonce = request.cspNonce;
  });
  await app.register(helmet, {
    contentSecurityPolicy: options.development
      ? false
      : contentSecurityPolicy(options.googleClientId),
    crossOriginEmbedderPolicy: false,
  });
}
