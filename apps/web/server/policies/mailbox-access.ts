// Who may read the outbox at /dev/mailbox (docs/decisions/046-loopback-mailbox.md). Without an
// SMTP server the outbox is the only place an account e-mail can be read, so on the embedded
// default (`npm start`, production mode, no SMTP_URL) it is served to this machine only: to a
// request whose socket comes from a loopback address, that names a loopback host and that carries
// no forwarding header. A server that could be public never serves it unless told to: SMTP_URL,
// TRUST_PROXY or a PUBLIC_BASE_URL that is not a loopback address turn the default off.
import ipaddr from "ipaddr.js";

/** `everyone`: any client (development, test servers); `loopback`: this machine only; `off`. */
export type MailboxAccess = "everyone" | "loopback" | "off";

export interface MailboxAccessInput {
  /** DEV_MAILBOX as given: `true`, `false`, `loopback`, or unset. */
  setting: "true" | "false" | "loopback" | undefined;
  env: "development" | "production" | "test";
  smtpUrl: string | undefined;
  trustProxy: false | number | string[];
  publicBaseUrl: string;
}

/** Why the production default is off, or undefined when it is served to loopback clients. */
export function publicServerSign(
  input: Pick<MailboxAccessInput, "smtpUrl" | "trustProxy" | "publicBaseUrl">,
): string | undefined {
  if (input.smtpUrl) return "SMTP_URL is set";
  if (input.trustProxy !== false) return "TRUST_PROXY is set";
  if (!isLoopbackHost(hostOf(input.publicBaseUrl)))
    return "PUBLIC_BASE_URL is not a loopback address";
  return undefined;
}

export function mailboxAccessOf(input: MailboxAccessInput): MailboxAccess {
  if (input.setting === "true") return "everyone";
  if (input.setting === "false") return "off";
  if (input.setting === undefined && input.env !== "production") return "everyone";
  // DEV_MAILBOX=loopback, or production's default: never where the server looks public.
  return publicServerSign(input) === undefined ? "loopback" : "off";
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

/** `localhost` (and its subdomains, RFC 6761 §6.3) or a loopback IP literal. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  return isLoopbackAddress(name);
}

/** 127.0.0.0/8 and ::1, IPv4-mapped forms included (a dual-stack socket reports those). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "loopback";
}

/** Headers a proxy adds: a request carrying one came through something else on this machine. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip", "via"];

export interface MailboxRequest {
  /** The socket's own remote address, never one a header claims. */
  socketAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Whether a loopback-only mailbox answers this request: the connection comes from this machine,
 * names a loopback host (a page elsewhere that rebinds its own name to 127.0.0.1 is refused) and
 * was not forwarded by a proxy on this machine.
 */
export function isLocalRequest(request: MailboxRequest): boolean {
  if (!isLoopbackAddress(request.socketAddress)) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const host = request.headers.host;
  if (typeof host !== "string") return false;
  return isLoopbackHost(host.replace(/:\d+$/, ""));
}

/** The start line that says where e-mail can be read (README "Accounts"). */
export function mailboxStartLine(
  access: MailboxAccess,
  input: Omit<MailboxAccessInput, "setting" | "env">,
): string | undefined {
  if (input.smtpUrl) return undefined;
  const where = `${input.publicBaseUrl}/dev/mailbox`;
  if (access === "everyone")
    return `E-mails are kept in the outbox (no SMTP_URL): read them at ${where}`;
  if (access === "loopback")
    return `E-mails are kept in the outbox (no SMTP_URL): read them at ${where} (from this machine only)`;
  const why = publicServerSign(input) ?? "DEV_MAILBOX=false";
  return `E-mails are kept in the outbox and not served (${why}): set SMTP_URL to send them`;
}
