import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/client.ts";
import { configurationsRepo, type CustomerConfigurationRow } from "./repo.ts";

const hashToken = (token: string) => createHash("sha256").update(token).digest();

/**
 * The token of an `Authorization: Token <token>` header (RFC 7235 syntax: the scheme without case), null when the
 * header is absent, "" when it is there but is not a token.
 */
export function tokenOfHeader(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Token\s+([A-Za-z0-9_-]{16,200})\s*$/i.exec(header);
  return match ? match[1]! : "";
}

/** Customer configurations: a build shared under a short id and opened with its token (only its hash is kept). */
export function configurationsService(deps: { db: Db; now: () => Date }) {
  const repo = configurationsRepo(deps.db);
  return {
    /** A configuration of the build, and its token (given once). */
    async issue(input: { dealershipId: number; buildStateUid: string; customerId: number | null }): Promise<{ row: CustomerConfigurationRow; token: string }> {
      const token = randomBytes(32).toString("base64url");
      const row = await repo.insert({
        dealershipId: input.dealershipId,
        buildStateUid: input.buildStateUid,
        tokenHash: hashToken(token).toString("hex"),
        customerId: input.customerId,
        createdAt: deps.now(),
      });
      return { row, token };
    },
    find: (dealershipId: number, id: number) => repo.find(dealershipId, id),
    /** The token opens this configuration (compared in constant time). */
    opens(row: CustomerConfigurationRow, token: string): boolean {
      const expected = Buffer.from(row.tokenHash, "hex");
      const given = hashToken(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type ConfigurationsService = ReturnType<typeof configurationsService>;
