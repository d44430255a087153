import type { BuildOption, BuildStateSource, ColourRecord } from "@showroom/domain";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { dealerships } from "../dealerships/tables.ts";

/**
 * The build-and-price catalogue: each trim with its build options and their rules (spec 3, "Trim").
 * Manufacturer data shared by every dealership; a vehicle points at its trim through `jato_id`.
 */
export const buildTrims = pgTable("build_trims", {
  unhaggleTrimId: integer().primaryKey(),
  year: integer().notNull(),
  make: text().notNull(),
  model: text().notNull(),
  trim: text().notNull(),
  msrpCents: integer().notNull(),
  options: jsonb().$type<BuildOption[]>().notNull(),
  trimColors: jsonb().$type<ColourRecord[]>().notNull(),
});

/** Option codes a manufacturer uses to charge for a premium paint (spec 4: dropped when no colour needs them). */
export const buildPremiumPaints = pgTable("build_premium_paints", { oem: text().notNull(), code: text().notNull() }, (t) => [
  primaryKey({ columns: [t.oem, t.code] }),
]);

/**
 * A shopper's configuration of one vehicle. It belongs to the session that created it (and follows the
 * shopper into their account at sign-in) and to its customer; the uid is a long random string.
 */
export const buildStates = pgTable(
  "build_states",
  {
    id: serial().primaryKey(),
    uid: text().notNull().unique(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    vehicleId: integer().notNull(),
    trimId: integer().notNull(),
    source: text().$type<BuildStateSource>().notNull(),
    /** The engine's normalised selection (never an included option). */
    selected: text().array().notNull(),
    configuration: text(),
    trimConfiguration: text().array(),
    /** sha-256 of the session id that created it. */
    ownerSessionHash: text(),
    customerId: integer(),
    isLocked: boolean().notNull().default(false),
    postDepositEditEnabled: boolean().notNull().default(false),
    postDepositEditConfirmRequired: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("build_states_owner_session_idx").on(t.ownerSessionHash)],
);

/**
 * A change staff made to a build its deposit holds (spec 4, post-deposit editing): who, when, the selection
 * before and after, and when they stated they had checked the order's Last Date of Change.
 */
export const buildStateEdits = pgTable(
  "build_state_edits",
  {
    id: serial().primaryKey(),
    buildStateId: integer()
      .notNull()
      .references(() => buildStates.id, { onDelete: "cascade" }),
    staffUserId: integer().notNull(),
    before: text().array().notNull(),
    after: text().array().notNull(),
    lastDateOfChangeCheckedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("build_state_edits_build_idx").on(t.buildStateId)],
);
