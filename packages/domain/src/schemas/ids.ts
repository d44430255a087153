import { z } from "zod";
import { validationMessage } from "../validation-messages.ts";

/**
 * The largest row id: ids are PostgreSQL `integer` (int4) columns, so a bigger number names no row, and
 * sent to the database as a parameter it fails the query instead of finding nothing.
 */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id in a JSON body: a whole number from 1 to MAX_ROW_ID. `message` says what the id is of
 * ("Use the id of a vehicle…"); a wrong type, a fraction or a number out of range gives that message,
 * a missing id "This field is required.".
 */
export const rowIdSchema = (message: string = validationMessage("row_id")) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? validationMessage("required") : message) })
    .int(message)
    .min(1, message)
    .max(MAX_ROW_ID, message);

/** A row id in a path or query string: its digits read as a number, within the same bounds. */
export const rowIdTextSchema = (message: string = validationMessage("row_id")) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_ROW_ID, message);

/** The `{id}` path parameter of a row's address. */
export const idPathSchema = z.object({ id: rowIdTextSchema() });
