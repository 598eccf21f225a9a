import type { LookupAddress } from "node:dns";

import { describe, expect, it } from "vitest";

import { checkedLookup, isPublicAddress, NonPublicAddressError } from "./public-address.ts";

/** Internal addresses in the spellings a URL or a resolver can hand over. */
const INTERNAL_URLS = [
  "http://127.0.0.1/",
  "http://127.1/",
  "http://2130706433/",
  "http://0x7f.1/",
  "http://0177.0.0.1/",
  "http://127.255.255.254/",
  "http://0/",
  "http://0.0.0.0/",
  "http://[::1]/",
  "http://[0:0:0:0:0:0:0:1]/",
  "http://[::]/",
  "http://[::ffff:127.0.0.1]:4230/hook",
  "http://[::ffff:7f00:1]/",
  "http://[::7f00:1]/",
  "http://[::127.0.0.1]/",
  "http://[::ffff:0:7f00:1]/",
  "http://[64:ff9b::7f00:1]/",
  "http://[64:ff9b::a9fe:a9fe]/",
  "http://[64:ff9b:1::7f00:1]/",
  "http://[2002:7f00:1::]/",
  "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::ffff:169.254.169.254]/",
  "http://[fe80::1]/",
  "http://10.0.0.1/",
  "http://[::ffff:10.0.0.1]/",
  "http://172.16.5.4/",
  "http://192.168.1.1/",
  "http://100.64.0.1/",
  "http://192.0.0.1/",
  "http://192.0.2.1/",
  "http://198.18.0.1/",
  "http://198.51.100.1/",
  "http://203.0.113.1/",
  "http://224.0.0.1/",
  "http://240.0.0.1/",
  "http://255.255.255.255/",
  "http://[fc00::1]/",
  "http://[fd12:3456::1]/",
  "http://[fec0::1]/",
  "http://[ff02::1]/",
  "http://[100::1]/",
  "http://[2001:db8::1]/",
  "http://[2001:2::1]/",
];

const PUBLIC_ADDRESSES = [
  "8.8.8.8",
  "1.1.1.1",
  "172.32.0.1",
  "100.128.0.1",
  "2606:4700::1111",
  "[2a00:1450:4001::200e]",
  "::ffff:1.1.1.1",
  "64:ff9b::808:808",
];

describe("isPublicAddress", () => {
  it.each(INTERNAL_URLS)("%s is not public", (url) => {
    expect(isPublicAddress(new URL(url).hostname)).toBe(false);
  });

  it("covers at least 25 internal forms", () => {
    expect(INTERNAL_URLS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(PUBLIC_ADDRESSES)("%s is public", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each(["localhost", "example.com", "0x7f.1", "2130706433", "fe80::1%eth0", ""])(
    "%s is not an address, so not public",
    (value) => {
      expect(isPublicAddress(value)).toBe(false);
    },
  );
});

function lookupWith(
  answers: LookupAddress[][],
  allowPrivate = false,
): (all: boolean) => Promise<{ error: Error | null; address: unknown }> {
  let call = 0;
  const lookup = checkedLookup({
    allowPrivate,
    resolver: () => Promise.resolve(answers[Math.min(call++, answers.length - 1)]!),
  });
  return (all) =>
    new Promise((resolve) => {
      lookup("hooks.partner.test", { all }, (error, address) => resolve({ error, address }));
    });
}

describe("checkedLookup", () => {
  it("hands the socket the address it checked", async () => {
    const lookup = lookupWith([[{ address: "203.0.114.9", family: 4 }]]);
    expect(await lookup(false)).toEqual({ error: null, address: "203.0.114.9" });
    expect(await lookup(true)).toEqual({
      error: null,
      address: [{ address: "203.0.114.9", family: 4 }],
    });
  });

  it("refuses a name that answers public first and loopback second (DNS rebinding)", async () => {
    const lookup = lookupWith([
      [{ address: "203.0.114.9", family: 4 }],
      [{ address: "127.0.0.1", family: 4 }],
    ]);
    expect((await lookup(false)).error).toBeNull();
    const second = await lookup(false);
    expect(second.error).toBeInstanceOf(NonPublicAddressError);
    expect(second.address).toEqual([]);
  });

  it("refuses a name when any of its addresses is not public", async () => {
    const lookup = lookupWith([
      [
        { address: "203.0.114.9", family: 4 },
        { address: "::ffff:7f00:1", family: 6 },
      ],
    ]);
    expect((await lookup(true)).error).toBeInstanceOf(NonPublicAddressError);
  });

  it("lets private addresses through only when the deployment allows them", async () => {
    const lookup = lookupWith([[{ address: "127.0.0.1", family: 4 }]], true);
    expect(await lookup(false)).toEqual({ error: null, address: "127.0.0.1" });
  });
});
