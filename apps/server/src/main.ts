import cluster from "node:cluster";
import { loadConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { startDeliveryLoop } from "./modules/notifications/delivery-loop.ts";
import { seedIfEmpty } from "./seed/index.ts";
import { expirePaymentOptions } from "./workflows/expire-payment-options.ts";
import { STOP_GRACE_MS, superviseWorkers } from "./workers.ts";

const config = loadConfig();

async function serve(database: Database) {
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

  // Credit applications: queued ones sent again, lenders' answers recorded, personal data purged on time; deposits:
  // holds released before they run out (each pass's changes are conditional updates, so several processes may run it).
  const creditJobs = setInterval(() => {
    app.creditApplications.runJobs().catch((error: unknown) => app.log.error({ err: error }, "credit application jobs failed"));
    app.deposits.runJobs().catch((error: unknown) => app.log.error({ err: error }, "deposit jobs failed"));
  }, 15_000);
  creditJobs.unref();
  app.addHook("onClose", () => clearInterval(creditJobs));

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      // Requests in flight get STOP_GRACE_MS to finish; a stop never waits longer than that.
      setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
      // Closing closes the connections idle at that moment; one whose request ends later would be kept alive (72 s)
      // and hold the close up, so the idle ones are closed again until the server is.
      setInterval(() => app.server.closeIdleConnections(), 100).unref();
      void app.close().then(() => database.close()).then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

const open = () => openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (cluster.isPrimary) {
  // Migrated and seeded once, before any process serves.
  const database = await open();
  await database.migrate();
  await seedIfEmpty(database.db);
  if (config.workers > 1) {
    await database.close();
    superviseWorkers(config.workers, (message) => console.error(message));
  } else {
    await serve(database);
  }
} else {
  await serve(await open());
}
