// Where /metrics is served (docs/decisions/047-metrics-and-traces.md): never to the public by
// default. METRICS_PORT: a plain HTTP listener of its own, bound to METRICS_HOST (loopback unless
// set), that answers GET /metrics and nothing else; Prometheus on the same machine (or a sidecar)
// scrapes it. METRICS_TOKEN: /metrics on the public port, to `Authorization: Bearer <token>` only
// (contexts/metrics-context.ts checks it with `bearerMatches`).
import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/** What the metrics listener answers: the exposition text and its content type. */
export interface MetricsSource {
  contentType: string;
  render(): Promise<string>;
}

export interface MetricsServer {
  /** The address and port it listens on. */
  address: string;
  port: number;
  close(): Promise<void>;
}

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(header ?? "");
  if (!match?.[1]) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/** Listens on `host:port` (port 0: any free one) and answers GET /metrics from `source`. */
export async function startMetricsServer(options: {
  port: number;
  host: string;
  source: MetricsSource;
  log: { error(details: object, message: string): void };
}): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    options.source.render().then(
      (text) => {
        response.writeHead(200, {
          "content-type": options.source.contentType,
          "cache-control": "no-store",
        });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        options.log.error({ err: error }, "metrics: the scrape failed");
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        response.end("The metrics could not be gathered.\n");
      },
    );
  });
  // A scrape is one short request: idle connections do not linger.
  server.keepAliveTimeout = 5000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    address,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
