import { z } from "zod";

/** One dealership's OpenID Connect client at the manufacturer's identity provider. */
export type ManufacturerIdentityProvider = {
  /** The provider's issuer; its /.well-known/openid-configuration is read from there. */
  issuer: string;
  clientId: string;
  /** null: a public client (PKCE alone, no client authentication). Never stored in the database. */
  clientSecret: string | null;
};
/** By dealer code. */
export type ManufacturerIdentityProviders = Record<string, ManufacturerIdentityProvider>;

const providersSchema = z.record(
  z.string().regex(/^[a-z0-9-]+$/, "a dealer code"),
  z.object({ issuer: z.url({ protocol: /^https?$/ }), client_id: z.string().min(1).max(500) }).strict(),
);

/** The environment variable that holds a dealership's client secret: MANUFACTURER_IDENTITY_CLIENT_SECRET_MAPLE_VW_OTTAWA. */
export const clientSecretVariable = (dealerCode: string) => `MANUFACTURER_IDENTITY_CLIENT_SECRET_${dealerCode.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;

/**
 * MANUFACTURER_IDENTITY_PROVIDERS is a JSON object by dealer code: {"maple-vw-ottawa": {"issuer": "https://...", "client_id": "..."}};
 * each client secret comes from its own variable (clientSecretVariable). Only these operator-configured issuers are
 * ever fetched (no address a user sends). In production an issuer must be https.
 */
export function parseManufacturerIdentityProviders(env: NodeJS.ProcessEnv, production: boolean): ManufacturerIdentityProviders {
  const raw = env["MANUFACTURER_IDENTITY_PROVIDERS"];
  if (!raw || raw.trim() === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error("Invalid configuration: MANUFACTURER_IDENTITY_PROVIDERS is not JSON");
  }
  const parsed = providersSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: MANUFACTURER_IDENTITY_PROVIDERS: ${problems}`);
  }
  const providers: ManufacturerIdentityProviders = {};
  for (const [code, provider] of Object.entries(parsed.data)) {
    if (production && !provider.issuer.startsWith("https://")) {
      throw new Error(`Invalid configuration: MANUFACTURER_IDENTITY_PROVIDERS: ${code}: the issuer must be https in production`);
    }
    const secret = env[clientSecretVariable(code)];
    providers[code] = { issuer: provider.issuer, clientId: provider.client_id, clientSecret: secret && secret !== "" ? secret : null };
  }
  return providers;
}
