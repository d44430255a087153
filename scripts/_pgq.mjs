import pg from "pg";
import { readFileSync } from "node:fs";
const c = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/showroom_probe" });
await c.connect();
const pid = (await c.query("select pg_backend_pid() p")).rows[0].p;
await c.query("listen inventory_revisions");
let notes = 0; c.on("notification", () => notes++);
const cpu = () => { const s = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" "); return Number(s[11]) + Number(s[12]); };
const self = () => { const u = process.cpuUsage(); return u.user + u.system; };
async function run(name, q) {
  for (let i = 0; i < 2000; i++) await q();
  const c0 = cpu(), s0 = self(), t0 = performance.now(); const N = 20000;
  for (let i = 0; i < N; i++) await q();
  const dt = performance.now() - t0;
  console.log(`${name}: ${(dt * 1000 / N).toFixed(1)} µs RTT, backend ${((cpu() - c0) * 10000 / N).toFixed(1)} µs/query, client ${((self() - s0) / N).toFixed(1)} µs/query`);
}
const sync = () => new Promise((resolve, reject) => c.query({ submit(con) { con.sync(); }, handleReadyForQuery: resolve, handleError: reject }));
await run("prepared revisions", () => c.query({ name: "r", text: "select dealership_id, revision from inventory_revisions where dealership_id = any($1::int[])", values: [[1]] }));
await run("prepared select 1", () => c.query({ name: "s1", text: "select 1" }));
await run("bare sync", sync);
await run("prepared revisions", () => c.query({ name: "r", text: "select dealership_id, revision from inventory_revisions where dealership_id = any($1::int[])", values: [[1]] }));
await run("bare sync", sync);
await c.end();
