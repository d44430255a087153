// The bench's yardstick: a bare Fastify route answering the JSON saved in each file given, in a process of its own
// (as the real server is), at /0, /1, … Usage: node scripts/bench-bare.mjs PORT FILE...
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [port, ...files] = process.argv.slice(2);
const app = Fastify();
files.forEach((file, i) => {
  const payload = JSON.parse(readFileSync(file, "utf8"));
  app.get(`/${i}`, async () => payload);
});
await app.listen({ port: Number(port), host: "127.0.0.1" });
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
