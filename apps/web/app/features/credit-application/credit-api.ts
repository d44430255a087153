import type {
  CreditApplicationWire,
  CreditDraftScreens,
  CreditScreen,
  creditDecisionStatusSchema,
  creditStaticDataSchema,
  postalCodeProvinceSchema,
} from "@showroom/domain";
import type { ApiClient } from "../../lib/api-client.ts";

const BASE = "/api/customer/credit-application";

type Parsed<S extends { parse(input: unknown): unknown }> = ReturnType<S["parse"]>;
export type CreditStaticData = Parsed<typeof creditStaticDataSchema>;
export type PostalCodeProvince = Parsed<typeof postalCodeProvinceSchema>;
export type DecisionStatus = Parsed<typeof creditDecisionStatusSchema>;
export type DraftSave = { screens: CreditDraftScreens; current_screen?: CreditScreen };

/** The shopper's credit application calls (transactional contract section 7), on the shell's quiet client. */
export function createCreditApi(client: ApiClient) {
  return {
    staticData: () => client.get<CreditStaticData>(`${BASE}/static_data/`),
    /** The province of a Canadian postal code; any failure (a malformed code included) is null. */
    postalCodeProvince: (postalCode: string) =>
      client
        .get<PostalCodeProvince>(
          `${BASE}/${encodeURIComponent(postalCode.replace(/[\s-]/g, "").toUpperCase())}/postal_code_province/`,
        )
        .catch(() => null),
    application: (orderId: number) => client.get<CreditApplicationWire>(`${BASE}/${orderId}/dealer_application/`),
    save: (orderId: number, body: DraftSave) =>
      client.request<CreditApplicationWire>("PUT", `${BASE}/${orderId}/dealer_application/`, body),
    validate: (screen: string, data: Record<string, unknown>) =>
      client.post<{ valid: true }>(`${BASE}/validate/`, { screen, data }),
    submit: (orderId: number, path: string) =>
      client.post<CreditApplicationWire>(`${BASE}/${orderId}/submit_application/`, { path }),
    decisionStatus: (orderId: number) => client.get<DecisionStatus>(`${BASE}/${orderId}/decision_status/`),
  };
}
export type CreditApi = ReturnType<typeof createCreditApi>;
