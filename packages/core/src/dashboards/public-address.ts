// Which addresses a request made for a user may reach (server-side request forgery, ASVS 5.0
// chapter V1.3 / OWASP SSRF prevention; docs/security.md). An address is public only when
// `ipaddr.js` classifies it as `unicast` (every special-use block of the IANA IPv4 and IPv6
// registries is refused: loopback, private, carrier-grade NAT, link-local, 192.0.0.0/24,
// benchmarking, documentation, multicast, reserved, broadcast, unique-local, site-local...) and,
// for IPv6, it lies in global unicast 2000::/3. Forms that carry an IPv4 address inside an IPv6
// one are unwrapped and the IPv4 address classified again: IPv4-mapped (::ffff:0:0/96) and the
// well-known NAT64 prefix (64:ff9b::/96, RFC 6052) answer for their embedded address. The other
// transition forms (IPv4-compatible ::/96, local-use NAT64 64:ff9b:1::/48, 6to4 2002::/16,
// Teredo 2001::/32, SIIT ::ffff:0:0:0/96) are refused whatever they embed: no public endpoint
// needs them, and a relay could carry them anywhere.
//
// A host name is checked by `checkedLookup`, the socket's own `lookup`: the name is resolved
// once, every answer is checked, and the socket connects to the address that was checked, so a
// name that answers a public address to a check and a private one to the connection (DNS
// rebinding) never reaches the private one.
import { lookup as systemLookup } from "node:dns";
import type { LookupAddress, LookupOptions } from "node:dns";

import ipaddr from "ipaddr.js";

/** The global unicast block of IPv6 (RFC 4291 §2.4); anything outside it is not public. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
/** IPv6 forms whose embedded IPv4 address (the last 32 bits) decides. */
const UNWRAPPED_V6_RANGES = new Set(["ipv4Mapped"]);
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = address.toByteArray().slice(12);
  return new ipaddr.IPv4(bytes);
}

/**
 * Whether `address` (an IP literal, as DNS answers it or as the WHATWG URL parser writes a host,
 * brackets allowed) is a public unicast address that a request for a user may reach.
 * Anything that does not parse as an IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const literal = address.replace(/^\[|\]$/g, "");
  // Strict forms only: the URL parser and DNS already turned 0x7f.1 or 2130706433 into dotted quads.
  if (!ipaddr.IPv4.isValidFourPartDecimal(literal) && !ipaddr.IPv6.isValid(literal)) return false;
  const parsed = ipaddr.parse(literal);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  if (v6.zoneId) return false;
  if (UNWRAPPED_V6_RANGES.has(v6.range()) || v6.match(NAT64_WELL_KNOWN)) {
    return embeddedIpv4(v6).range() === "unicast";
  }
  return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST_V6);
}

/** Resolves a host name to every address it has (the system resolver by default). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    systemLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses);
    });
  });

/** The error a refused address raises, so callers can tell it from a network failure. */
export class NonPublicAddressError extends Error {
  readonly code = "ENONPUBLIC";
  constructor(hostname: string) {
    super(`${hostname} resolves to an address that is not public`);
    this.name = "NonPublicAddressError";
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `net.connect`/`http.request`: resolves with `resolver`, refuses (with
 * NonPublicAddressError) unless every answer is public or `allowPrivate`, and answers the checked
 * addresses, so the socket connects to one of them and to nothing else.
 */
export function checkedLookup(options: { resolver?: Resolver; allowPrivate?: boolean } = {}) {
  const resolver = options.resolver ?? systemResolver;
  return (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback): void => {
    resolver(hostname).then(
      (answers) => {
        const family =
          lookupOptions.family === "IPv4"
            ? 4
            : lookupOptions.family === "IPv6"
              ? 6
              : lookupOptions.family;
        const usable = answers.filter((answer) => !family || answer.family === family);
        if (usable.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          error.code = "ENOTFOUND";
          callback(error, []);
          return;
        }
        if (!options.allowPrivate && !usable.every((answer) => isPublicAddress(answer.address))) {
          callback(new NonPublicAddressError(hostname), []);
          return;
        }
        if (lookupOptions.all) callback(null, usable);
        else callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}
