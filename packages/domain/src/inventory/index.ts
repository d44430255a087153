// The public API of the inventory feed; the cell parsers in feed-values.ts stay internal.
export * from "./csv.ts";
export * from "./feed.ts";
export * from "./vehicle-picture.ts";
export * from "./vehicle-photo.ts";
export * from "./vehicle-photo-schemas.ts";
export {
  BODY_TYPES,
  DRIVETRAINS,
  NORMALIZED_COLOURS,
  STOCK_STATUS_CODES,
  STOCK_STATUS_NAMES,
  normalizeBodyType,
  normalizeColour,
  normalizeDrivetrain,
  normalizeFuelType,
  normalizeTransmission,
  parseStockStatus,
  parseYesNo,
  type BodyType,
  type Drivetrain,
  type FuelType,
  type NormalizedColour,
  type StockStatusCode,
  type StockStatusName,
  type TransmissionType,
} from "./normalize.ts";
export { FEED_COLUMNS, REQUIRED_FEED_COLUMNS, type FeedColumn } from "./feed-columns.ts";
export { MAX_ODOMETER, MIN_FEED_MODEL_YEAR, maxFeedModelYear } from "./feed-values.ts";
export * from "./price-visibility.ts";
export * from "./vehicle-vocabulary.ts";
