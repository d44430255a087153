import { buildDealership } from "@showroom/testing";
import type { Db } from "../../db/client.ts";
import { freshDatabase } from "../../test/test-app.ts";
import { dealershipRowValues } from "../../seed/dealership-values.ts";
import { dealerships } from "../dealerships/tables.ts";
import type { OutboundMessage } from "./service.ts";
import type { Transport } from "./transports.ts";

/** A migrated empty database with one dealership, for the outbox tests (no demo seed: they need none). */
export async function outboxTestDatabase() {
  const fresh = await freshDatabase();
  await fresh.database.migrate();
  const [dealership] = await fresh.database.db
    .insert(dealerships)
    .values(dealershipRowValues(buildDealership({ code: "outbox-test" }), null))
    .returning();
  return {
    ...fresh,
    db: fresh.database.db as Db,
    dealershipId: dealership!.id,
    close: async () => {
      await fresh.database.close();
      await fresh.drop();
    },
  };
}

/** A transport that keeps what it was given; `fail` makes every delivery throw with that message. */
export function recordingTransport(name = "recording", behaviour: { fail?: string; delayMs?: () => number } = {}) {
  const delivered: OutboundMessage[] = [];
  const transport: Transport = {
    name,
    async deliver(message) {
      const delay = behaviour.delayMs?.() ?? 0;
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      if (behaviour.fail) throw new Error(behaviour.fail);
      delivered.push(message);
    },
  };
  return { transport, delivered };
}
