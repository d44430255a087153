import type { DealerUser, StaffLoginResult, TwoFactorRecord } from "@showroom/domain";
import type { ApiClient } from "../../lib/api-client.ts";

const USER = "/api/quickshop/user";

/** The staff sign-in and dealer-session calls (transactional spec 7, "Dealer two-factor and session"). */
export function createStaffApi(client: ApiClient) {
  return {
    currentUser: () => client.get<DealerUser>(`${USER}/current_user/`),
    login: (email: string, password: string) => client.post<StaffLoginResult>(`${USER}/login/`, { email, password }),
    logOut: () => client.post<null>(`${USER}/logout/`),
    sendOtp: () => client.post<TwoFactorRecord>(`${USER}/send_otp/`),
    verify: (token: string, rememberDevice: boolean) => client.post<TwoFactorRecord>(`${USER}/verification/`, { token, remember_device: rememberDevice }),
    setupOtp: (phone: string) => client.post<TwoFactorRecord>(`${USER}/setup_otp/`, { phone }),
    confirmOtpDevice: (input: { token: string; phone: string; remember_device: boolean }) => client.post<TwoFactorRecord>(`${USER}/confirm_otp_device/`, input),
    setupTotp: () => client.post<{ secret: string; otpauth_uri: string; issuer: string }>(`${USER}/setup_totp/`),
    confirmTotp: (token: string, rememberDevice: boolean) => client.post<TwoFactorRecord>(`${USER}/confirm_totp/`, { token, remember_device: rememberDevice }),
    requestReset: (email: string) => client.post<{ detail: string }>("/api/quickshop/reset-password/", { email }),
    confirmReset: (token: string, password: string) => client.post<{ detail: string }>("/api/quickshop/reset-password/confirm/", { token, password }),
    endCustomerSession: () => client.post<{ redirect_to: string }>(`${USER}/end_customer_session/`),
    backToDealerPanel: () => client.post<{ redirect_to: string }>(`${USER}/back_to_dealer_panel/`),
    act: (customerId: number) => client.post<{ customer: { id: number; full_name: string }; redirect_to: string }>(`/api/dealer/customers/${customerId}/act/`),
  };
}
export type StaffApi = ReturnType<typeof createStaffApi>;
