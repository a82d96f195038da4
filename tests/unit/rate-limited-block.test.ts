/**
 * Per-address rate limits count an IPv6 client by its /64, the block one subscriber usually
 * holds: otherwise each request from a new address in it would start a fresh count.
 */
import { describe, expect, it } from "vitest";
import { rateLimitedBlock } from "~/lib/client-address.server";

describe("the address a rate limit counts", () => {
  it("is an IPv4 address as it is, however it arrives", () => {
    expect(rateLimitedBlock("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitedBlock("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitedBlock("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitedBlock("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("is the same /64 for every address of one IPv6 network, written any way", () => {
    const block = rateLimitedBlock("2001:db8:abcd:12::1");
    expect(block).toBe("2001:db8:abcd:12::/64");
    for (const address of [
      "2001:db8:abcd:12:ffff:ffff:ffff:fffe",
      "2001:0DB8:ABCD:0012:0000:0000:0000:0099",
      "2001:db8:abcd:12:1:2:3:4%eth0",
      "2001:db8:abcd:12::192.0.2.1",
    ]) {
      expect(rateLimitedBlock(address), address).toBe(block);
    }
  });

  it("tells different /64 networks apart", () => {
    expect(rateLimitedBlock("2001:db8:abcd:13::1")).not.toBe(rateLimitedBlock("2001:db8:abcd:12::1"));
    expect(rateLimitedBlock("::1")).toBe("0:0:0:0::/64");
  });

  it("counts what it cannot read as written", () => {
    expect(rateLimitedBlock("unknown")).toBe("unknown");
    expect(rateLimitedBlock("2001:db8::1::2")).toBe("2001:db8::1::2");
    expect(rateLimitedBlock("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
  });
});
