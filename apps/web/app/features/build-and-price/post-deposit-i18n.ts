import { fillTemplate, languageOf } from "@showroom/domain";
import { useMemo } from "react";
import { useBuildI18n, type BuildMessageKey } from "./i18n.ts";
import en from "./messages/post-deposit.en.json";
import fr from "./messages/post-deposit.fr.json";

/**
 * The post-deposit editing messages load with its bar and dialogs, only on a build a deposit holds: the build page
 * itself stays within its JavaScript budget. English is the source; French must have every key.
 */
export type PostDepositMessageKey = keyof typeof en;
export const postDepositCatalogues: Record<"en" | "fr", Record<PostDepositMessageKey, string>> = {
  en,
  fr: fr satisfies Record<PostDepositMessageKey, string>,
};

const isOwnKey = (key: string): key is PostDepositMessageKey => key in postDepositCatalogues.en;

/** These messages first, then the build's (and through them the storefront's). */
export function usePostDepositI18n() {
  const { t, locale } = useBuildI18n();
  const own = postDepositCatalogues[languageOf(locale)];
  return {
    locale,
    t: useMemo(
      () =>
        (key: PostDepositMessageKey | BuildMessageKey | "common.close", values: Record<string, string | number> = {}) =>
          isOwnKey(key) ? fillTemplate(own[key], values) : t(key, values),
      [own, t],
    ),
  };
}
