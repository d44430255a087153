import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client.ts";
import { errorMessages, httpFailure } from "./api-errors.ts";

describe("reading a DRF-style error body", () => {
  it("gives one message per field (nested as dotted paths), the general messages and the machine code", () => {
    expect(
      errorMessages({
        email: ["Already registered.", "Second."],
        base_consents_responses: { disclosure_tokenization: ["Please accept the disclosure to continue."] },
        non_field_errors: ["Refused."],
        detail: "Nope.",
        code: "EMAIL_CONFLICT",
      }),
    ).toEqual({
      fields: { email: "Already registered.", "base_consents_responses.disclosure_tokenization": "Please accept the disclosure to continue." },
      general: ["Refused.", "Nope."],
      code: "EMAIL_CONFLICT",
    });
  });

  it("a list under code is the code field's message (the re-entry code), not a machine code", () => {
    expect(errorMessages({ code: ["Code is incorrect"] })).toEqual({ fields: { code: "Code is incorrect" }, general: [], code: null });
  });

  it("anything else reads as empty", () => {
    expect(errorMessages(null)).toEqual({ fields: {}, general: [], code: null });
    expect(errorMessages(["x"])).toEqual({ fields: {}, general: [], code: null });
    expect(errorMessages("<html>")).toEqual({ fields: {}, general: [], code: null });
  });

  it("only HTTP answers are failures with a status", () => {
    expect(httpFailure(new ApiRequestError({ kind: "http", status: 429, body: { detail: "Slow down." } }))).toEqual({ status: 429, body: { detail: "Slow down." } });
    expect(httpFailure(new ApiRequestError({ kind: "network" }))).toBeNull();
    expect(httpFailure(new Error("x"))).toBeNull();
  });
});
