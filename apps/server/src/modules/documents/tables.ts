import type { DocumentMediaType, DocumentType } from "@showroom/domain";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { customers } from "../customers/tables.ts";
import { dealerUsers } from "../dealer-auth/tables.ts";
import { dealerships } from "../dealerships/tables.ts";
import { orders } from "../orders/tables.ts";

/**
 * Documents a shopper uploaded to a deal. The file lives in the file storage under `storageKey`, a name the server
 * chose (never the shopper's); `name` is what the shopper called it, cleaned, for display and download only.
 */
export const orderDocuments = pgTable(
  "order_documents",
  {
    id: serial().primaryKey(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    documentType: text().$type<DocumentType>().notNull(),
    name: text().notNull(),
    /** What the bytes are (read from them, never from the name or the Content-Type sent). */
    mediaType: text().$type<DocumentMediaType>().notNull(),
    bytes: integer().notNull(),
    storageKey: text().notNull().unique(),
    /** The staff user who uploaded it while acting for the customer, if one did. */
    uploadedByStaffUserId: integer().references(() => dealerUsers.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index("order_documents_order_idx").on(t.orderId, t.createdAt),
    index("order_documents_customer_idx").on(t.dealershipId, t.customerId),
  ],
);
