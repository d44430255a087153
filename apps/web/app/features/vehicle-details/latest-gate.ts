/**
 * The payment calculator's guard against stale answers (spec section 4, "Payment fetch"): of several
 * requests for one payment type, only the newest one's answer counts.
 */

export type Outcome<T> = { status: "ok"; value: T } | { status: "error"; error: unknown } | { status: "stale" };

/**
 * Runs requests per key (a payment type) and reports an answer as stale when a newer request
 * with the same key started after it: an older request finishing last never wins.
 */
export function createLatestGate() {
  const latest = new Map<string, number>();
  let counter = 0;
  return {
    async run<T>(key: string, task: () => Promise<T>): Promise<Outcome<T>> {
      const ticket = ++counter;
      latest.set(key, ticket);
      let outcome: Outcome<T>;
      try {
        outcome = { status: "ok", value: await task() };
      } catch (error) {
        outcome = { status: "error", error };
      }
      return latest.get(key) === ticket ? outcome : { status: "stale" };
    },
  };
}
