import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listenOnPostgres } from "./postgres-listener.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const CHANNEL = "listener_test";

describe.skipIf(!adminUrl)("a PostgreSQL subscription", () => {
  const name = `showroom_test_${randomBytes(6).toString("hex")}`;
  let url: string;
  let admin: pg.Client;
  /** Another process's connection: it writes and notifies in transactions of its own. */
  let writer: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const address = new URL(adminUrl!);
    address.pathname = `/${name}`;
    url = address.toString();
    writer = new pg.Client({ connectionString: url });
    await writer.connect();
    await writer.query("create table counter (n int not null)");
    await writer.query("insert into counter values (0)");
  });
  afterAll(async () => {
    await writer?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  const commitAndNotify = (n: number) => writer.query(`begin; update counter set n = ${n}; select pg_notify('${CHANNEL}', ''); commit;`);

  it("once caught up, has heard every notification committed before: each time, with no wait in between", async () => {
    let heard = 0;
    const subscription = listenOnPostgres(url, CHANNEL, () => heard++);
    try {
      await subscription.ready();
      expect(subscription.live).toBe(true);
      heard = 0;
      for (let i = 1; i <= 300; i++) {
        await commitAndNotify(i);
        await subscription.caughtUp();
        expect(heard).toBe(i);
      }
    } finally {
      await subscription.close();
    }
  });

  it("shares a round trip between those who ask while one is under way", async () => {
    const subscription = listenOnPostgres(url, CHANNEL, () => {});
    try {
      await subscription.ready();
      const first = subscription.caughtUp();
      const [second, third] = [subscription.caughtUp(), subscription.caughtUp()];
      expect(second).toBe(third);
      expect(second).not.toBe(first);
      await Promise.all([first, second]);
    } finally {
      await subscription.close();
    }
  });

  it("when its connection is lost: not live, reported, listens again on a new one and says a change may have been missed", async () => {
    let heard = 0;
    const reported = vi.spyOn(console, "error").mockImplementation(() => {});
    const subscription = listenOnPostgres(url, CHANNEL, () => heard++);
    try {
      await subscription.ready();
      heard = 0;
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query like 'LISTEN%'", [name]);
      await expect.poll(() => subscription.live).toBe(false);
      await expect(subscription.caughtUp()).rejects.toThrow();
      expect(reported).toHaveBeenCalled();
      await expect.poll(() => subscription.live, { timeout: 5_000 }).toBe(true);
      expect(heard).toBe(1);
      await commitAndNotify(7);
      await subscription.caughtUp();
      expect(heard).toBe(2);
    } finally {
      reported.mockRestore();
      await subscription.close();
    }
  });

  it("once closed, holds no connection and does not open one again", async () => {
    const subscription = listenOnPostgres(url, CHANNEL, () => {});
    await subscription.ready();
    await subscription.close();
    expect(subscription.live).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const { rows } = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1 and query like 'LISTEN%'", [name]);
    expect(rows[0].n).toBe(0);
  });
});
