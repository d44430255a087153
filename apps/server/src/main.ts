import { loadConfig } from "./config.ts";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { seedIfEmpty } from "./seed/index.ts";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await seedIfEmpty(database.db);
const app = await buildApp({ config, database });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
