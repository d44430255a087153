import { describe, expect, it } from "vitest";
import { confirmOtpDeviceSchema, passwordResetConfirmSchema, setupOtpSchema, staffLoginSchema, verificationSchema } from "./dealer-auth.ts";

describe("staff sign-in schemas", () => {
  it("keeps a staff phone as E.164", () => {
    expect(setupOtpSchema.parse({ phone: "(416) 555-0199" }).phone).toBe("+14165550199");
    expect(setupOtpSchema.parse({ phone: "+1 716-555-0142" }).phone).toBe("+17165550142");
    expect(setupOtpSchema.safeParse({ phone: "123-555-0142" }).success).toBe(false);
    expect(setupOtpSchema.safeParse({ phone: "" }).success).toBe(false);
  });
  it("asks for a 6-digit token and defaults remember_device to false", () => {
    expect(verificationSchema.parse({ token: "012345" })).toEqual({ token: "012345", remember_device: false });
    expect(verificationSchema.safeParse({ token: "12345" }).success).toBe(false);
    expect(verificationSchema.safeParse({ token: "123456", remember_device: "yes" }).success).toBe(false);
    expect(confirmOtpDeviceSchema.parse({ token: "123456", remember_device: true, phone: "4165550199" })).toEqual({ token: "123456", remember_device: true, phone: "+14165550199" });
  });
  it("lower-cases the email and keeps the password as typed", () => {
    expect(staffLoginSchema.parse({ email: " Admin@Maple-Auto.example ", password: " secret " })).toEqual({ email: "admin@maple-auto.example", password: " secret " });
    expect(staffLoginSchema.safeParse({ email: "admin@maple-auto.example", password: "" }).success).toBe(false);
  });
  it("needs 12 characters in a new password and nothing else", () => {
    expect(passwordResetConfirmSchema.safeParse({ token: "t", password: "elevenchars" }).success).toBe(false);
    expect(passwordResetConfirmSchema.safeParse({ token: "t", password: "twelve chars" }).success).toBe(true);
    expect(passwordResetConfirmSchema.safeParse({ token: "t", password: "x".repeat(257) }).success).toBe(false);
  });
});
