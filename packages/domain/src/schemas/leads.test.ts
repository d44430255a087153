import { describe, expect, it } from "vitest";
import { contactLeadSchema, formatPhone, personNameSchema, phoneSchema } from "./leads.ts";

const valid = { first_name: "Émilie", last_name: "O'Neil-Tremblay", email: "emilie@example.com", phone: "(514) 555-0199", url: "https://shop.example/details/4/", help_message: "Is it still available?" };

describe("contact lead", () => {
  it("accepts a complete lead and keeps the phone as digits", () => {
    expect(contactLeadSchema.parse(valid)).toMatchObject({ phone: "5145550199", first_name: "Émilie" });
  });
  it("takes a missing or empty phone as null", () => {
    expect(contactLeadSchema.parse({ ...valid, phone: "" }).phone).toBeNull();
    expect(contactLeadSchema.parse({ ...valid, phone: null }).phone).toBeNull();
  });
  it.each([["J"], ["R2D2"], [" Ann"], ["a".repeat(31)], ["Bob<script>"]])("refuses the name %j", (name) => {
    expect(personNameSchema.safeParse(name).success).toBe(false);
  });
  it.each([["(116) 555-0142"], ["416 155 0142"], ["555-0142"], ["416-555-01423"]])("refuses the phone %j", (phone) => {
    expect(phoneSchema.safeParse(phone).success).toBe(false);
  });
  it("accepts a leading country code and formats for each country", () => {
    const digits = phoneSchema.parse("+1 416.555.0142");
    expect(formatPhone(digits, "CA")).toBe("(416) 555-0142");
    expect(formatPhone(digits, "US")).toBe("416-555-0142");
  });
  it("names every missing field", () => {
    const result = contactLeadSchema.safeParse({});
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => i.path[0]));
    for (const f of ["first_name", "last_name", "email", "url", "help_message"]) expect(fields.has(f)).toBe(true);
  });
});
