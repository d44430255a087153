/** Appointments and test drives: slots in the dealership's time zone, booking kinds, steps and formatting. */
export * from "./zoned-time.ts";
export * from "./slots.ts";
export * from "./booking.ts";
