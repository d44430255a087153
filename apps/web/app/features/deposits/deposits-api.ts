import type { DepositWire } from "@showroom/domain";
import type { z } from "zod";
import type { ApiClient } from "../../lib/api-client.ts";
import type { depositDetailsSchema } from "@showroom/domain";

/** GET details/: the amounts, the hold or charge, the refund terms, the advertised price and the deal's deposit. */
export type DepositDetails = z.infer<typeof depositDetailsSchema>;

const BASE = "/api/customer/deposit";
const STAFF = "/api/quickshop/deposits";

/** What charge_deposit/ sends: the deal, the page, this submission's key and the form. */
export type ChargeBody = { order: number; path: string; client_key: string; form: Record<string, unknown> };

/** The shopper's deposit calls for one deal (on the shell's quiet client: the forms show the API's messages). */
export function createDepositsApi(client: ApiClient) {
  return {
    details: (order: number) => client.get<DepositDetails>(`${BASE}/details/?order=${order}`),
    validate: (order: number, form: Record<string, unknown>) =>
      client.post<{ valid: true }>(`${BASE}/validate/`, { order, form }),
    /** 201 (placed) or 200 (the same client_key again: the same deposit, no second charge). */
    charge: (body: ChargeBody) => client.post<DepositWire>(`${BASE}/charge_deposit/`, body),
    requestRefund: (order: number, reason: string | undefined) =>
      client.post<DepositWire>(`${BASE}/${order}/request_refund/`, reason ? { reason } : {}),
  };
}
export type DepositsApi = ReturnType<typeof createDepositsApi>;

/** Staff: a customer's deposits; capture or release a hold, refund a charge (deposits.manage). */
export function createStaffDepositsApi(client: ApiClient) {
  return {
    ofCustomer: (customer: number) => client.get<DepositWire[]>(`${STAFF}/?customer=${customer}`),
    capture: (id: number) => client.post<DepositWire>(`${STAFF}/${id}/capture/`, {}),
    release: (id: number) => client.post<DepositWire>(`${STAFF}/${id}/release/`, {}),
    refund: (id: number, applyCancellationFee: boolean) =>
      client.post<DepositWire>(`${STAFF}/${id}/refund/`, { apply_cancellation_fee: applyCancellationFee }),
  };
}
export type StaffDepositsApi = ReturnType<typeof createStaffDepositsApi>;

/** A key for one submission (16-80 of [A-Za-z0-9_-]): sent again with a retry of the same submission. */
export const newClientKey = () => `dep_${crypto.randomUUID().replace(/-/g, "")}`;
