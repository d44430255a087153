import { describe, expect, it } from "vitest";
import { isPublicAddress } from "./public-address.ts";

describe("isPublicAddress", () => {
  it("accepts addresses on the public internet", () => {
    for (const address of ["8.8.8.8", "151.101.1.69", "2606:4700:4700::1111", "[2a00:1450:4001:80b::200e]", "::ffff:8.8.8.8"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("refuses this machine, private networks, link-local metadata and reserved ranges", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "0.0.0.0",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.10",
      "169.254.169.254",
      "100.64.0.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "[::1]",
      "::",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "2002:7f00:1::",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("refuses what is not an IP address", () => {
    expect(isPublicAddress("localhost")).toBe(false);
    expect(isPublicAddress("photos.example")).toBe(false);
    expect(isPublicAddress("")).toBe(false);
  });
});
