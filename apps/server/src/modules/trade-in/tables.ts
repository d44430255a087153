import type {
  OdometerStatement,
  OfferStatus,
  TradeInAnswers,
  TradeInFinancingKind,
  TradeInFlow,
  TradeInPhotoAngle,
  TradeInPhotoState,
  TradeInStatus,
  TradeInSystem,
  ValuationQuoteState,
} from "@showroom/domain";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { customers } from "../customers/tables.ts";
import { dealerUsers } from "../dealer-auth/tables.ts";
import { dealerships } from "../dealerships/tables.ts";
import { orders } from "../orders/tables.ts";

/** The loan or lease still being paid on a trade, money in cents. */
export type TradeInFinancingRecord = {
  kind: TradeInFinancingKind;
  amount_due: number;
  payments_left: number;
  payment_amount: number;
  residual_value: number | null;
};

/**
 * A shopper's trade-in at one dealership: the vehicle, the answers, the valuation and where it stands. `vid`
 * is the public id (the mobile link and the external estimate name it); `id` never leaves the owner's calls.
 */
export const tradeIns = pgTable(
  "trade_ins",
  {
    id: serial().primaryKey(),
    vid: text().notNull().unique(),
    dealershipId: integer()
      .notNull()
      .references(() => dealerships.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** The saved deal the trade goes towards, once there is one. */
    orderId: integer().references(() => orders.id, { onDelete: "set null" }),
    flow: text().$type<TradeInFlow>().notNull(),
    valuationSystem: text().$type<TradeInSystem>().notNull(),
    status: text().$type<TradeInStatus>().notNull().default("draft"),
    valuationQuote: text().$type<ValuationQuoteState>().notNull().default("not_quoted"),
    vin: text(),
    year: integer(),
    make: text(),
    model: text(),
    trim: text(),
    style: text(),
    colour: text(),
    transmission: text().$type<"automatic" | "manual">(),
    odometer: integer(),
    odometerUnit: text().$type<"km" | "mi">().notNull(),
    hasPowerSunroof: boolean().notNull().default(false),
    hasNavigationSystem: boolean().notNull().default(false),
    hasTechnologyPackage: boolean().notNull().default(false),
    acceptedTerms: boolean().notNull().default(false),
    answers: jsonb().$type<TradeInAnswers>().notNull(),
    financing: jsonb().$type<TradeInFinancingRecord>(),
    odometerStatement: text().$type<OdometerStatement>(),
    estimateLowCents: integer(),
    estimateHighCents: integer(),
    /** The instant cash offer of the valuation system (TRADE-IN-EXTERNAL flow). */
    icoId: text(),
    icoAmountCents: integer(),
    icoRangeMinCents: integer(),
    icoRangeMaxCents: integer(),
    /** The campaign id the external estimate's user was linked with (update_eti_user). */
    catId: text(),
    /** The page the shopper submitted from. */
    pageUrl: text(),
    submittedAt: timestamp({ withTimezone: true }),
    offerPromisedBy: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("trade_ins_customer_idx").on(t.dealershipId, t.customerId, t.createdAt), index("trade_ins_order_idx").on(t.orderId)],
);

/**
 * Offers on a trade-in: staff's (dealer) or the valuation system's instant cash offer (provider). The newest one
 * not superseded is the current offer; the others are its past offers.
 */
export const tradeInOffers = pgTable(
  "trade_in_offers",
  {
    id: serial().primaryKey(),
    tradeInId: integer()
      .notNull()
      .references(() => tradeIns.id, { onDelete: "cascade" }),
    source: text().$type<"dealer" | "provider">().notNull(),
    amountCents: integer().notNull(),
    comments: text().notNull().default(""),
    declineComments: text().notNull().default(""),
    status: text().$type<OfferStatus>().notNull().default("O"),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    /** A newer offer replaced it before the shopper answered (it then reads as expired). */
    supersededAt: timestamp({ withTimezone: true }),
    staffUserId: integer().references(() => dealerUsers.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("trade_in_offers_trade_idx").on(t.tradeInId, t.createdAt)],
);

/**
 * One photo per angle of a trade-in. The upload is kept as sent (`uploadKey`) until it is re-encoded to
 * `storageKey` (EXIF and GPS dropped, bounded size); "processing" rows are taken up again at start-up.
 */
export const tradeInPhotos = pgTable(
  "trade_in_photos",
  {
    id: serial().primaryKey(),
    tradeInId: integer()
      .notNull()
      .references(() => tradeIns.id, { onDelete: "cascade" }),
    angle: text().$type<TradeInPhotoAngle>().notNull(),
    status: text().$type<TradeInPhotoState>().notNull(),
    uploadKey: text(),
    storageKey: text(),
    bytes: integer().notNull(),
    width: integer(),
    height: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [unique("trade_in_photos_angle_unique").on(t.tradeInId, t.angle), index("trade_in_photos_status_idx").on(t.status)],
);

/** The valuation catalogue (shared by every dealership): a style's MSRP when new, by year, make, model and trim. */
export const tradeInCatalogue = pgTable(
  "trade_in_catalogue",
  {
    id: serial().primaryKey(),
    year: integer().notNull(),
    make: text().notNull(),
    model: text().notNull(),
    trim: text().notNull(),
    style: text().notNull(),
    msrpCents: integer().notNull(),
  },
  (t) => [index("trade_in_catalogue_cascade_idx").on(t.year, t.make, t.model, t.trim)],
);
