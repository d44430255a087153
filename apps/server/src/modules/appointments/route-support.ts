import {
  apiMessage,
  canSeeCustomer,
  can,
  detailErrorSchema,
  languageOf,
  validationErrorSchema,
} from "@showroom/domain";
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppointmentFailure, AppointmentOutcome } from "../../workflows/appointment-booking.ts";
import { staffHere, type StaffActor } from "../../platform/actor.ts";
import { FieldErrors, HttpError, notFound } from "../../platform/http-errors.ts";
import type { DealershipRow } from "../dealerships/service.ts";
import { appointmentSettingsFor } from "./service.ts";

/** A refusal of a booking: its reason, and the contract's "Unable to book appointment." as non_field_errors. */
export const conflictSchema = detailErrorSchema.extend({ non_field_errors: z.array(z.string()).optional() });
export const appointmentErrors = {
  400: validationErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
  409: conflictSchema,
};
export const tag = { tags: ["appointments"] };

/** A failed booking, change or staff action as the contract answers it. */
export function failureToHttp(request: FastifyRequest, dealership: DealershipRow, failure: AppointmentFailure): never {
  const unable = [apiMessage("appointment_failed", languageOf(request.locale))];
  switch (failure.kind) {
    case "not_found":
      throw notFound("resource_not_found");
    case "slot": {
      const settings = appointmentSettingsFor(dealership);
      const key = `appointment_slot_${failure.reason}` as const;
      const values: Record<string, number> =
        failure.reason === "too_soon"
          ? { hours: settings.lead_minutes / 60 }
          : failure.reason === "too_far"
            ? { days: settings.days_ahead }
            : {};
      throw new FieldErrors({ datetime: [{ key, values }], non_field_errors: ["appointment_failed"] }, key);
    }
    case "address_required":
      throw new FieldErrors(
        { address: ["appointment_address_required"], non_field_errors: ["appointment_failed"] },
        "appointment_address_required",
      );
    case "slot_taken":
      throw new HttpError(409, "appointment_slot_taken", { code: "appointment_slot_taken", non_field_errors: unable });
    case "exists":
      throw new HttpError(409, "appointment_exists", { code: "appointment_exists", non_field_errors: unable });
    case "canceled":
      throw new HttpError(409, "appointment_canceled", { code: "appointment_canceled", non_field_errors: unable });
  }
}

/**
 * Runs a booking call: its refusals as the contract answers them; anything unexpected is logged and answered with
 * the contract's "Unable to book appointment." (nothing was written: each change is one transaction).
 */
export async function attempt(
  request: FastifyRequest,
  dealership: DealershipRow,
  call: () => Promise<AppointmentOutcome>,
) {
  let outcome: AppointmentOutcome;
  try {
    outcome = await call();
  } catch (error) {
    request.log.error({ err: error }, "an appointment could not be booked");
    throw new HttpError(500, "appointment_failed", { code: "appointment_failed" });
  }
  if (!outcome.ok) failureToHttp(request, dealership, outcome.failure);
  return outcome;
}

/** Staff of this dealership who may see this customer (their role and their book), or null. */
export function staffSeeing(request: FastifyRequest, customer: { dealerUserId: number | null }): StaffActor | null {
  const staff = staffHere(request.actor);
  return staff && can(staff.role, "workspace.view") && canSeeCustomer(staff, { dealer_user: customer.dealerUserId })
    ? staff
    : null;
}
