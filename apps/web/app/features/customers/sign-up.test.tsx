import { signUpRulesFor, type DealerUser } from "@showroom/domain";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { I18nContext, translator } from "../../i18n/index.ts";
import { catalogues } from "../../testing/catalogues.ts";
import { AUTH_PRESETS } from "../../lib/auth.ts";
import { dealerInfo } from "../../testing/fixtures.ts";
import { authCopy } from "./auth-copy.ts";
import { AuthPanel } from "./auth-modal.tsx";
import { createCustomerApi } from "./customer-api.ts";
import {
  checkRegistration,
  DISCLOSURE_FIELD,
  emptySignUp,
  firstInvalidField,
  maskPhone,
  maskPostal,
  registrationErrors,
  registrationInput,
  TERMS_FIELD,
  type SignUpValues,
} from "./sign-up.ts";

const disclosing = dealerInfo({
  disclosure_texts: { disclosure_tokenization: { en: "I agree that Maple Auto may contact me.", fr: "J’accepte que Maple Auto communique avec moi." } },
});
const rules = signUpRulesFor(disclosing);
const filled: SignUpValues = {
  ...emptySignUp(),
  email: "Jeanne@Example.com ",
  first_name: "Jeanne",
  last_name: "Tremblay",
  phone: "(416) 555-0142",
  postal_code: "M5V 3L9",
  preferred_method_of_contact: "sms",
  disclosure: true,
  terms: true,
};
const staff = { id: 3, default_send_invitation_email: true, default_send_lead_to_crm: false } as DealerUser;
const api = createCustomerApi({ get: vi.fn(), post: vi.fn(), request: vi.fn() });

function render(node: ReactNode, language: "en" | "fr" = "en") {
  const locale = language === "fr" ? "fr-ca" : "en-ca";
  return renderToStaticMarkup(<I18nContext.Provider value={{ locale, t: translator(catalogues[language]) }}>{node}</I18nContext.Provider>);
}

describe("the registration payload", () => {
  it("answers only the consents the dealership asks, and carries the vehicle and the campaign id", () => {
    const input = registrationInput(filled, { rules, vehicle: 1203, catId: "CAT-9", leadType: "save-deal", url: "https://x.example/details/1203/" });
    expect(input).toMatchObject({
      email: "Jeanne@Example.com",
      phone: "(416) 555-0142",
      send_lead_to_crm: true,
      notify_me: false,
      vehicle: 1203,
      cat_id: "CAT-9",
      lead_type: "save-deal",
      base_consents_responses: { disclosure_tokenization: true, terms_and_conditions: true },
    });
    expect(input).not.toHaveProperty("send_invitation_email");
    const plain = registrationInput(filled, { rules: signUpRulesFor(dealerInfo({ terms_and_conditions_link: null })) });
    expect(plain.base_consents_responses).toEqual({});
    expect(plain).not.toHaveProperty("vehicle");
  });

  it("lets dealer staff choose the invitation email, with their CRM default", () => {
    const input = registrationInput({ ...filled, send_invitation_email: true }, { rules, staff: { sendLeadToCrm: false } });
    expect(input).toMatchObject({ send_invitation_email: true, send_lead_to_crm: false });
  });

  it("passes the API's own schema when complete, and the payload keeps the masked phone the API parses again", () => {
    const input = registrationInput(filled, { rules });
    expect(checkRegistration(rules, input, "en")).toEqual({});
    const us = signUpRulesFor(dealerInfo({ country: "US", terms_and_conditions_link: null }));
    expect(checkRegistration(us, registrationInput({ ...filled, phone: "716-555-0142", postal_code: "14202" }, { rules: us }), "en")).toEqual({});
  });
});

describe("checking the form in the browser", () => {
  it("names each field in error in the shopper's language, consents included", () => {
    const errors = checkRegistration(rules, registrationInput({ ...emptySignUp(), email: "nope", phone: "555" }, { rules }), "fr");
    expect(errors).toEqual({
      email: "Entrez une adresse courriel valide.",
      first_name: "Entrez de 2 à 30 lettres, sans chiffres ni caractères spéciaux.",
      last_name: "Entrez de 2 à 30 lettres, sans chiffres ni caractères spéciaux.",
      phone: "Entrez un numéro de téléphone valide, comme (416) 555-0142.",
      [DISCLOSURE_FIELD]: "Veuillez accepter la divulgation pour continuer.",
      [TERMS_FIELD]: "Veuillez accepter les conditions pour continuer.",
    });
    expect(firstInvalidField(errors)).toBe("email");
    expect(firstInvalidField({ [TERMS_FIELD]: "x", phone: "y" })).toBe("phone");
  });

  it("leaves names, phone and postal code optional when the dealership does not require them", () => {
    const relaxed = signUpRulesFor(dealerInfo({ mandatory_names: false, terms_and_conditions_link: null }));
    expect(checkRegistration(relaxed, registrationInput({ ...emptySignUp(), email: "a@b.co" }, { rules: relaxed }), "en")).toEqual({});
    const phoneRequired = signUpRulesFor(dealerInfo({ mandatory_names: false, mandatory_secondary_phone: true, terms_and_conditions_link: null }));
    expect(checkRegistration(phoneRequired, registrationInput({ ...emptySignUp(), email: "a@b.co" }, { rules: phoneRequired }), "en")).toEqual({
      phone: "This field is required.",
    });
  });

  it("refuses a US phone written the Canadian way, and a postal code that is not the country's", () => {
    const us = signUpRulesFor(dealerInfo({ country: "US", terms_and_conditions_link: null }));
    const errors = checkRegistration(us, registrationInput({ ...filled, phone: "(716) 555-0142", postal_code: "M5V 3L9" }, { rules: us }), "en");
    expect(errors).toEqual({ phone: "Enter a valid phone number, like 716-555-0142.", postal_code: "Enter a valid 5-digit ZIP code, like 14202." });
  });
});

describe("input masks", () => {
  it("shape phone numbers and postal codes as the shopper types, per country", () => {
    expect(maskPhone("CA", "4165550142")).toBe("(416) 555-0142");
    expect(maskPhone("CA", "416")).toBe("(416");
    expect(maskPhone("US", "716 555 0142 99")).toBe("716-555-0142");
    expect(maskPostal("CA", "m5v3l9")).toBe("M5V 3L9");
    expect(maskPostal("US", "14202-1234")).toBe("14202");
  });
});

describe("the API's refusal", () => {
  it("puts each message at its field, nested consent errors included, and keeps the conflict code", () => {
    expect(
      registrationErrors({
        email: ["This email is already registered."],
        code: "EMAIL_CONFLICT",
        base_consents_responses: { terms_and_conditions: ["Please accept terms to proceed."] },
        non_field_errors: ["Too many sign-ups."],
        adobe_tracking_id: ["This value is too long."],
      }),
    ).toEqual({
      fields: { email: "This email is already registered.", [TERMS_FIELD]: "Please accept terms to proceed." },
      general: ["Too many sign-ups.", "This value is too long."],
      code: "EMAIL_CONFLICT",
    });
  });
});

describe("the sign-up form", () => {
  it("labels every field, ties hints to them, masks by country and shows the dealership's disclosure and terms link", () => {
    const html = render(<AuthPanel preset="save-deal" dealer={disclosing} dealerUser={null} api={api} notice={null} onSignedUp={vi.fn()} onCodeSent={vi.fn()} onSkip={vi.fn()} />);
    expect(html).toContain("Create your account to keep this vehicle and its payment.");
    expect(html).toMatch(/<label for="([^"]+-email)"[^>]*>Email<\/label><input id="\1" type="email" autoComplete="email" aria-required="true"[^>]* name="email"/);
    expect(html).toContain(">Phone (optional)</label>");
    expect(html).toContain(">Postal code (optional)</label>");
    expect(html).toContain("Format: (416) 555-0142");
    expect(html).toMatch(/aria-describedby="[^"]+-phone-hint"/);
    expect(html).toContain("I agree that Maple Auto may contact me.");
    expect(html).toContain('href="https://maple-auto.example/terms"');
    expect(html).toContain("I already have an account");
    expect(html).not.toContain("Skip for now");
    expect(html).not.toContain("invitation");
  });

  it("in French, with a ZIP code for a US dealership, and skip on the book-value trade-in", () => {
    const html = render(
      <AuthPanel preset="submit-book-value-trade-in" dealer={dealerInfo({ country: "US" })} dealerUser={null} api={api} notice={null} onSignedUp={vi.fn()} onCodeSent={vi.fn()} onSkip={vi.fn()} />,
      "fr",
    );
    expect(html).toContain("Code ZIP (facultatif)");
    expect(html).toContain("Format\u00a0: 716-555-0142");
    expect(html).toContain("Passer pour l’instant");
    expect(html).toContain("Connectez-vous pour garder l’estimation");
  });

  it("for dealer staff adding a customer: the invitation choice, and no re-entry", () => {
    const html = render(<AuthPanel preset="add-customer" dealer={disclosing} dealerUser={staff} api={api} notice={null} onSignedUp={vi.fn()} onCodeSent={vi.fn()} onSkip={vi.fn()} />);
    expect(html).toContain("Email the customer an invitation to their account");
    expect(html).toMatch(/id="[^"]+-send_invitation_email" type="checkbox"[^>]* checked=""/);
    expect(html).toContain("Create the customer");
    expect(html).not.toContain("I already have an account");
    // Consents the customer gave, confirmed by staff in staff's words.
    expect(html).toContain("The customer consents: I agree that Maple Auto may contact me.");
    expect(html).not.toContain("I accept the dealership");
  });

  it("opens on the email-only sign-in when asked", () => {
    const html = render(<AuthPanel initialMode="sign-in" dealer={disclosing} dealerUser={null} api={api} notice={null} onSignedUp={vi.fn()} onCodeSent={vi.fn()} onSkip={vi.fn()} />);
    expect(html).toContain('data-mode="sign-in"');
    expect(html).toContain("Send me a code");
    expect(html).toContain("Create an account instead");
  });
});

describe("the presets", () => {
  it("each have their own heading and introduction, in both languages", () => {
    for (const language of ["en", "fr"] as const) {
      const t = translator(catalogues[language]);
      const titles = new Set(AUTH_PRESETS.map((preset) => t(authCopy(preset).title)));
      const intros = new Set(AUTH_PRESETS.map((preset) => t(authCopy(preset).intro)));
      expect(titles.size).toBe(AUTH_PRESETS.length);
      expect(intros.size).toBe(AUTH_PRESETS.length);
      for (const preset of AUTH_PRESETS) expect(t(authCopy(preset).title)).not.toMatch(/^auth\./);
    }
  });
});
