import { createContext, useContext } from "react";
import type { DealerInfo, DealerUser, Locale } from "@showroom/domain";
import type { ApiClient } from "./api-client.ts";
import type { Prefix } from "./paths.ts";

export type Shell = {
  dealer: DealerInfo;
  locale: Locale;
  prefix: Prefix;
  dealerUser: DealerUser | null;
  api: ApiClient;
  /** An address under the current prefixes, e.g. path("search"). */
  path(route: string, search?: string): string;
};

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error("useShell outside the storefront shell");
  return shell;
}
