import { type Alternative, type BuildOption, OPTION_GROUP_IDS } from "./types.ts";

/** The build-and-price steps in order (spec 2.6). */
export const BUILD_STEPS = ["configuration", "colour", "options", "packages", "accessories", "protection_plans", "summary"] as const;
export type BuildStep = (typeof BUILD_STEPS)[number];

/** Spec 2.6: steps with no options are dropped, except summary. */
export function availableBuildSteps(optionCounts: Partial<Record<BuildStep, number>>): BuildStep[] {
  return BUILD_STEPS.filter((step) => step === "summary" || (optionCounts[step] ?? 0) > 0);
}

/**
 * Spec 4, alternative configurator step navigation: moving forward past the current step needs every step
 * on the way to be enabled; moving back is always possible down to index 0; a move out of range or to the
 * current index is ignored. Returns the new index.
 */
export function navigateStep(enabled: readonly boolean[], current: number, target: number): number {
  if (!Number.isInteger(target) || target < 0 || target >= enabled.length || target === current) return current;
  if (target < current) return target;
  for (let i = current + 1; i <= target; i++) if (!enabled[i]) return current;
  return target;
}

/** Which steps can be entered: on the configuration step, Next needs a matching trim (spec 4). */
export function enabledSteps(steps: readonly BuildStep[], matchingTrim: boolean): boolean[] {
  const configuration = steps.indexOf("configuration");
  return steps.map((_, i) => configuration === -1 || i <= configuration || matchingTrim);
}

/**
 * A conflict's alternatives as the dialog offers them (spec 4, "interior-colour grouping"): alternatives
 * that differ only by the interior colour they add are one choice, "this change with one of these
 * interiors"; every other alternative stands alone.
 */
export type AlternativeChoice =
  | { kind: "single"; alternative: Alternative }
  | { kind: "interior"; common: Alternative; interiors: { code: string; alternative: Alternative }[] };

export function groupAlternatives(alternatives: readonly Alternative[], optionsByCode: ReadonlyMap<string, BuildOption>): AlternativeChoice[] {
  const isInterior = (code: string) => optionsByCode.get(code)?.group_id === OPTION_GROUP_IDS.interior;
  const groups = new Map<string, { common: Alternative; interiors: { code: string; alternative: Alternative }[] }>();
  const choices: (AlternativeChoice | string)[] = [];
  for (const alternative of alternatives) {
    const interiors = alternative.additions.filter(isInterior);
    if (interiors.length !== 1) {
      choices.push({ kind: "single", alternative });
      continue;
    }
    const common = { additions: alternative.additions.filter((code) => !isInterior(code)), removals: alternative.removals };
    const key = JSON.stringify([[...common.additions].sort(), [...common.removals].sort()]);
    if (!groups.has(key)) {
      groups.set(key, { common, interiors: [] });
      choices.push(key);
    }
    groups.get(key)!.interiors.push({ code: interiors[0]!, alternative });
  }
  return choices.map((choice) => {
    if (typeof choice !== "string") return choice;
    const group = groups.get(choice)!;
    return group.interiors.length === 1
      ? { kind: "single", alternative: group.interiors[0]!.alternative }
      : { kind: "interior", common: group.common, interiors: group.interiors };
  });
}

/**
 * Spec 4, post-deposit editing: allowed only when the screen is in edit mode, the dealership allows
 * editing after a deposit (build state flag `post_deposit_edit_enabled`) and a deposit is placed.
 */
export function canEditAfterDeposit(input: { editMode: boolean; postDepositEditEnabled: boolean; depositPlaced: boolean }): boolean {
  return input.editMode && input.postDepositEditEnabled && input.depositPlaced;
}

/** A build is locked to its customer once a deposit is placed, unless it is being edited after the deposit. */
export function isBuildEditable(input: { isLocked: boolean; editMode: boolean; postDepositEditEnabled: boolean; depositPlaced: boolean }): boolean {
  if (!input.isLocked && !input.depositPlaced) return true;
  return canEditAfterDeposit(input);
}
