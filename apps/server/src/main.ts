import { loadConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { startDeliveryLoop } from "./modules/notifications/delivery-loop.ts";
import { seedIfEmpty } from "./seed/index.ts";
import { expirePaymentOptions } from "./workflows/expire-payment-options.ts";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedIfEmpty(database.db);
const app = await buildApp({ config, database });
// The outbox is delivered every second by each server process (claims keep them from sending a message twice).
const delivery = startDeliveryLoop({ deliver: () => app.notifications.deliverPending(), log: app.log });
app.addHook("onClose", () => delivery.stop());
// Payment options no deal names are deleted a week after they were priced; looked for every hour.
const expiry = setInterval(() => {
  expirePaymentOptions({ pricing: app.pricing, orders: app.orders, now: app.now }).catch((error: unknown) => app.log.error({ err: error }, "payment option expiry failed"));
}, 3_600_000);
expiry.unref();
app.addHook("onClose", () => clearInterval(expiry));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
