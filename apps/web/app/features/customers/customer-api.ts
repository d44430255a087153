import type { CustomerUser, RegistrationInput } from "@showroom/domain";
import type { ApiClient } from "../../lib/api-client.ts";

/** What send_reentry_code answers: where the code went, every part masked ("j***@e***.com"). */
export type ReentryCodeSent = { email: string; phone: string | null; name: string | null };
export type DecodedToken = { email: string; first_name: string; tokenized_url: string; redirect_url: string | null };

/** The customer calls of the storefront (transactional spec 7, "Customer and sign-in"). */
export function createCustomerApi(client: ApiClient) {
  return {
    /** 201 and the shopper is signed in; 400 `{email, code: "EMAIL_CONFLICT"}` when the email is known. */
    register: (payload: RegistrationInput) => client.post<CustomerUser>("/api/customer/", payload),
    validateInput: (payload: RegistrationInput) => client.post<{ valid: true }>("/api/customer/user/validate_input/", payload),
    currentUser: () => client.get<CustomerUser>("/api/customer/current_user/"),
    logOut: () => client.post<null>("/api/customer/logout/"),
    sendReentryCode: (email: string) => client.post<ReentryCodeSent>("/api/customer/send_reentry_code/", { email }),
    verifyReentryCode: (input: { email: string; code: string; cat_id?: string }) =>
      client.post<{ redirect_to: string | null }>("/api/customer/verify_reentry_code/", input),
    decodeToken: (authToken: string) => client.post<DecodedToken>("/api/customer/user/decode_tokenized_url/", { auth_token: authToken }),
  };
}
export type CustomerApi = ReturnType<typeof createCustomerApi>;
