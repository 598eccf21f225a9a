// One webhook attempt on the wire (docs/decisions/016-organisations-and-dashboards.md "Lead
// delivery"): a POST through node:http(s) whose socket resolves the host with `checkedLookup`
// (public-address.ts), so it connects only to an address that was checked. An IP literal host
// skips the socket's lookup, so it is checked here first. Redirects are not followed (a 3xx is an
// answer like any other), and the body of the answer is never read.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";

import {
  checkedLookup,
  isPublicAddress,
  NonPublicAddressError,
  type Resolver,
} from "./public-address.ts";

export interface WebhookRequestOptions {
  allowPrivate: boolean;
  /** Resolves host names (the system resolver by default; tests give their own). */
  resolver?: Resolver | undefined;
  timeoutMs: number;
}

/** Posts `body` to `url` and answers the HTTP status; rejects on any failure to get one. */
export function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: WebhookRequestOptions,
): Promise<number> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) && !options.allowPrivate && !isPublicAddress(host)) {
    return Promise.reject(new NonPublicAddressError(host));
  }
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: "POST",
        agent: false,
        lookup: checkedLookup({ resolver: options.resolver, allowPrivate: options.allowPrivate }),
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (response: IncomingMessage) => {
        response.resume();
        response.on("error", () => undefined);
        request.destroy();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
