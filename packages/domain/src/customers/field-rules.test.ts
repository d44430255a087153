import { describe, expect, it } from "vitest";
import { registrationSchema, signUpRulesFor } from "../schemas/customers.ts";
import { applyMask, isCity, isCompany, isPhoneFor, isPostalCodeFor, isSin, maskEmail, normalizePostalCode, phoneDigits } from "./field-rules.ts";

describe("postal codes and ZIPs", () => {
  it.each(["M5V 3L9", "m5v3l9", "H2X-1Y4"])("accepts the Canadian postal code %s", (v) => expect(isPostalCodeFor("CA", v)).toBe(true));
  it.each(["M5V 3L", "12345", "MMV 3L9", "M5V  3L9"])("refuses %s in Canada", (v) => expect(isPostalCodeFor("CA", v)).toBe(false));
  it.each(["14202", "14202-1234", "142021234"])("accepts the ZIP %s", (v) => expect(isPostalCodeFor("US", v)).toBe(true));
  it.each(["1420", "M5V 3L9", "14202-12"])("refuses %s in the US", (v) => expect(isPostalCodeFor("US", v)).toBe(false));
  it("normalizes", () => {
    expect(normalizePostalCode("CA", "h2x-1y4")).toBe("H2X 1Y4");
    expect(normalizePostalCode("US", "142021234")).toBe("14202-1234");
  });
});

describe("phones", () => {
  it("takes the Canadian forms with optional brackets, space or hyphen", () => {
    for (const v of ["(416) 555-0142", "416-555-0142", "416 555 0142", "4165550142"]) expect(isPhoneFor("CA", v)).toBe(true);
  });
  it("takes only ddd-ddd-dddd in the US", () => {
    expect(isPhoneFor("US", "716-555-0142")).toBe(true);
    expect(isPhoneFor("US", "(716) 555-0142")).toBe(false);
  });
  it("refuses area or exchange codes starting with 0 or 1", () => {
    expect(isPhoneFor("CA", "(116) 555-0142")).toBe(false);
    expect(isPhoneFor("CA", "(416) 155-0142")).toBe(false);
    expect(phoneDigits("1 416 555 0142")).toBe("4165550142");
    expect(phoneDigits("416 155 0142")).toBeNull();
  });
});

describe("input masks", () => {
  it("formats as the person types and drops what does not fit", () => {
    expect(applyMask("416555", "(###) ###-####")).toBe("(416) 555");
    expect(applyMask("4165550142999", "(###) ###-####")).toBe("(416) 555-0142");
    expect(applyMask("m5v3l9", "A#A #A#")).toBe("M5V 3L9");
    expect(applyMask("m5", "A#A #A#")).toBe("M5");
    expect(applyMask("7165550142", "###-###-####")).toBe("716-555-0142");
    expect(applyMask("14a202", "#####")).toBe("14202");
  });
});

describe("other field rules", () => {
  it("cities, companies, SINs", () => {
    expect(isCity("Saint-Jean-sur-Richelieu")).toBe(true);
    expect(isCity("St. Catharines")).toBe(true);
    expect(isCity("Montréal")).toBe(true);
    expect(isCity("Toronto2")).toBe(false);
    expect(isCompany("Maple Auto Inc.")).toBe(true);
    expect(isCompany(" Maple")).toBe(false);
    expect(isCompany("!!")).toBe(false);
    expect(isSin("046 454 286")).toBe(true);
    expect(isSin("046 454 287")).toBe(false);
  });
  it("masks an email", () => expect(maskEmail("jeanne@example.com")).toBe("j***@e***.com"));
});

describe("registration schema", () => {
  const dealer = { country: "CA" as const, mandatory_names: true, mandatory_secondary_phone: false, disclosure_texts: {}, terms_and_conditions_link: null };
  const base = { email: "Jeanne@Example.com", first_name: "Jeanne", last_name: "Tremblay" };

  it("lower-cases the email and defaults send_lead_to_crm to true", () => {
    const parsed = registrationSchema(signUpRulesFor(dealer)).parse(base);
    expect(parsed).toMatchObject({ email: "jeanne@example.com", send_lead_to_crm: true, notify_me: false, preferred_method_of_contact: "" });
  });
  it("requires names only when the dealership does", () => {
    expect(registrationSchema(signUpRulesFor(dealer)).safeParse({ email: "a@b.co" }).success).toBe(false);
    expect(registrationSchema(signUpRulesFor({ ...dealer, mandatory_names: false })).safeParse({ email: "a@b.co", first_name: "" }).success).toBe(true);
  });
  it("refuses names with digits, listed characters, a leading space, or outside 2 to 30 characters", () => {
    const schema = registrationSchema(signUpRulesFor(dealer));
    for (const first_name of ["J", "J4ne", "Jeanne!", " Jeanne", "J".repeat(31)]) expect(schema.safeParse({ ...base, first_name }).success).toBe(false);
    expect(schema.safeParse({ ...base, first_name: "Marie-Ève O’Neil" }).success).toBe(true);
  });
  it("requires a phone with mandatory_secondary_phone, and consents when the dealership asks for them", () => {
    const rules = signUpRulesFor({ ...dealer, mandatory_secondary_phone: true, disclosure_texts: { disclosure_tokenization: { en: "x", fr: "x" } }, terms_and_conditions_link: "https://example.com/terms" });
    const result = registrationSchema(rules).safeParse(base);
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["phone", "base_consents_responses.disclosure_tokenization", "base_consents_responses.terms_and_conditions"]));
    const ok = registrationSchema(rules).safeParse({ ...base, phone: "416 555 0142", base_consents_responses: { disclosure_tokenization: true, terms_and_conditions: true } });
    expect(ok.success && ok.data.phone).toBe("4165550142");
  });
});
