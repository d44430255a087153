import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./encryption.ts";

const KEY = "k".repeat(40);

describe("secrets at rest", () => {
  it("round-trips, and never stores the plaintext", () => {
    const sealed = encryptSecret(KEY, "totp", "JBSWY3DPEHPK3PXP", "dealer_user:7");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(decryptSecret(KEY, "totp", sealed, "dealer_user:7")).toBe("JBSWY3DPEHPK3PXP");
    expect(encryptSecret(KEY, "totp", "JBSWY3DPEHPK3PXP", "dealer_user:7")).not.toBe(sealed);
  });

  it("refuses another owner, another purpose, another key and a tampered value", () => {
    const sealed = encryptSecret(KEY, "totp", "secret", "dealer_user:7");
    expect(decryptSecret(KEY, "totp", sealed, "dealer_user:8")).toBeNull();
    expect(decryptSecret(KEY, "other", sealed, "dealer_user:7")).toBeNull();
    expect(decryptSecret("j".repeat(40), "totp", sealed, "dealer_user:7")).toBeNull();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(decryptSecret(KEY, "totp", parts.join("."), "dealer_user:7")).toBeNull();
    expect(decryptSecret(KEY, "totp", "garbage", "dealer_user:7")).toBeNull();
  });
});
