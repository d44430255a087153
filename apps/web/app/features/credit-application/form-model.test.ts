import type { CreditDraftScreens } from "@showroom/domain";
import { creditApplicationAnswers } from "@showroom/testing";
import { describe, expect, it } from "vitest";
import { creditStaticData } from "../../testing/credit-application.ts";
import {
  answersOf,
  apiProblems,
  checkScreen,
  resumeScreen,
  screenPayload,
  screensOf,
  type Answers,
} from "./form-model.ts";

const ca = creditStaticData();
const us = creditStaticData({ country: "US" });
const complete = answersOf(creditApplicationAnswers({ withCoApplicant: true }) as unknown as CreditDraftScreens);

describe("the credit form's model", () => {
  it("holds the saved answers as typed text and booleans, and lists the co-applicant's screens only with one", () => {
    expect(complete.applicant?.first_name).toBe("Jeanne");
    expect(complete.employment?.years_at_employer).toBe("4");
    expect(complete.acknowledgement?.with_co_applicant).toBe(true);
    expect(screensOf(ca, complete)).toHaveLength(11);
    expect(screensOf(ca, { acknowledgement: { with_co_applicant: false } })).toEqual([
      "consent",
      "acknowledgement",
      "applicant",
      "employment",
      "residential",
      "review",
      "result",
    ]);
    expect(screensOf(creditStaticData({ variant: "SIMPLIFIED" }), complete)).toEqual([
      "consent",
      "applicant",
      "employment",
      "residential",
      "review",
      "result",
    ]);
  });

  it("checks a screen with the domain's schema, its messages in the shopper's language", () => {
    expect(checkScreen("applicant", ca, complete, "en")).toEqual({});
    const wrong: Answers = {
      ...complete,
      applicant: { ...complete.applicant, confirm_email: "x@example.com", sin: "046 454 287" },
    };
    expect(checkScreen("applicant", ca, wrong, "en")).toEqual({
      confirm_email: "The email addresses do not match.",
      sin: "Enter a valid social insurance number.",
    });
    expect(checkScreen("consent", ca, {}, "fr").credit_assessment).toBe("Veuillez sélectionner un choix valide.");
    // The retired have no employer: the fields hidden are neither checked nor kept.
    const retired: Answers = {
      employment: { type: "RET", employer_name: " bad", gross_income: "2400", income_frequency: "monthly" },
    };
    expect(checkScreen("employment", ca, retired, "en")).toEqual({});
    expect(screenPayload("employment", ca, retired)).toEqual({
      type: "RET",
      gross_income: "2400",
      income_frequency: "monthly",
    });
  });

  it("sends a screen whole: a SIN only when it passes its checksum, a date of birth whole or emptied", () => {
    const applicant = complete.applicant!;
    expect(screenPayload("applicant", ca, complete)).toMatchObject({
      first_name: "Jeanne",
      sin: "046454286",
      date_of_birth: "1988-04-12",
    });
    const typing: Answers = { applicant: { ...applicant, sin: "046 454", date_of_birth: "1988-04" } };
    const partial = screenPayload("applicant", ca, typing);
    expect(partial).not.toHaveProperty("sin");
    expect(partial).not.toHaveProperty("date_of_birth");
    expect(screenPayload("applicant", ca, { applicant: { ...applicant, sin: "", date_of_birth: "" } })).toMatchObject({
      date_of_birth: "",
    });
    // The US has no SIN; its address is lines and a ZIP code.
    expect(screenPayload("applicant", us, complete)).not.toHaveProperty("sin");
    expect(
      screenPayload("residential", us, { residential: { address_line_1: "1 Main St", street_number: "120" } }),
    ).toEqual({ address_line_1: "1 Main St" });
  });

  it("reads the API's 400: a screen's fields, or a submission's 'screen.field' keys", () => {
    expect(
      apiProblems({ first_name: ["Enter 2 to 30 letters, without digits or special characters."] }, "fr", "applicant"),
    ).toEqual({
      applicant: { first_name: "Entrez de 2 à 30 lettres, sans chiffres ni caractères spéciaux." },
    });
    expect(apiProblems({ "residential.postal_code": ["Invalid location, please try again"], code: "x" }, "en")).toEqual(
      {
        residential: { postal_code: "Invalid location, please try again" },
      },
    );
  });

  it("resumes where the shopper was, when that screen is still one of the application's", () => {
    const screens = screensOf(ca, complete);
    expect(resumeScreen("co_applicant", screens)).toBe("co_applicant");
    expect(resumeScreen("co_applicant", screensOf(ca, {}))).toBe("consent");
    expect(resumeScreen("result", screens)).toBe("consent");
    expect(resumeScreen(null, screens)).toBe("consent");
  });
});
