import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers } from "../customers/tables.ts";
import { dealerships } from "../dealerships/tables.ts";

/**
 * A customer's manufacturer identity (the provider's issuer and `sub`), per dealership: the same person at
 * another dealership is another customer with a link of its own.
 */
export const manufacturerIdentityLinks = pgTable(
  "manufacturer_identity_links",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    issuer: text().notNull(),
    subject: text().notNull(),
    /** As the provider last vouched for them. */
    email: text().notNull(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    linkedAt: timestamp({ withTimezone: true }).notNull(),
    lastSignInAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("manufacturer_identity_links_subject_idx").on(t.dealershipId, t.issuer, t.subject),
    uniqueIndex("manufacturer_identity_links_customer_idx").on(t.customerId, t.issuer),
  ],
);

/**
 * A sign-in under way: its state (kept only as a hash), nonce and PKCE verifier (sealed with DATA_ENCRYPTION_KEY),
 * bound to the browser session that started it; lives 10 minutes and is used once.
 */
export const manufacturerSignIns = pgTable(
  "manufacturer_sign_ins",
  {
    stateHash: text().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    sessionHash: text().notNull(),
    nonce: text().notNull(),
    codeVerifierSealed: text().notNull(),
    returnTo: text(),
    language: text().$type<"en" | "fr">().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("manufacturer_sign_ins_expires_idx").on(t.expiresAt)],
);
