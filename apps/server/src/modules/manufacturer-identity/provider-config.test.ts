import { describe, expect, it } from "vitest";
import { clientSecretVariable, parseManufacturerIdentityProviders } from "./provider-config.ts";

describe("MANUFACTURER_IDENTITY_PROVIDERS", () => {
  const providers = JSON.stringify({ "maple-vw-ottawa": { issuer: "https://id.vw.example", client_id: "showroom" }, "other-vw": { issuer: "https://id.vw.example", client_id: "public" } });

  it("reads each dealership's issuer and client id, and its client secret from its own variable only", () => {
    expect(clientSecretVariable("maple-vw-ottawa")).toBe("MANUFACTURER_IDENTITY_CLIENT_SECRET_MAPLE_VW_OTTAWA");
    const parsed = parseManufacturerIdentityProviders({ MANUFACTURER_IDENTITY_PROVIDERS: providers, MANUFACTURER_IDENTITY_CLIENT_SECRET_MAPLE_VW_OTTAWA: "s3cret" }, true);
    expect(parsed).toEqual({
      "maple-vw-ottawa": { issuer: "https://id.vw.example", clientId: "showroom", clientSecret: "s3cret" },
      "other-vw": { issuer: "https://id.vw.example", clientId: "public", clientSecret: null },
    });
  });

  it("is empty when unset", () => {
    expect(parseManufacturerIdentityProviders({}, true)).toEqual({});
  });

  it.each([
    ["not JSON", "{", /not JSON/],
    ["a secret in the JSON", JSON.stringify({ x: { issuer: "https://a.example", client_id: "c", client_secret: "s" } }), /client_secret/],
    ["an issuer that is no address", JSON.stringify({ x: { issuer: "id.vw", client_id: "c" } }), /issuer/],
    ["a dealer code in capitals", JSON.stringify({ X: { issuer: "https://a.example", client_id: "c" } }), /X: Invalid key/],
  ])("refuses %s", (_, value, message) => {
    expect(() => parseManufacturerIdentityProviders({ MANUFACTURER_IDENTITY_PROVIDERS: value }, false)).toThrow(message);
  });

  it("refuses a plain-http issuer in production only", () => {
    const http = JSON.stringify({ x: { issuer: "http://127.0.0.1:4000", client_id: "c" } });
    expect(() => parseManufacturerIdentityProviders({ MANUFACTURER_IDENTITY_PROVIDERS: http }, true)).toThrow(/https in production/);
    expect(parseManufacturerIdentityProviders({ MANUFACTURER_IDENTITY_PROVIDERS: http }, false).x?.issuer).toBe("http://127.0.0.1:4000");
  });
});
