import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];

function lowerModulePreloads(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return Children.map(node, lowerModulePreloads);
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ rel?: string; children?: ReactNode; fetchPriority?: string }>;
  if (element.type === "link" && element.props.rel === "modulepreload") return cloneElement(element, { fetchPriority: "low" });
  if (element.props.children === undefined) return element;
  return cloneElement(element, undefined, lowerModulePreloads(element.props.children));
}

/**
 * React Router's scripts with their module preloads fetched at low priority: on a phone's connection the
 * stylesheet and the largest picture come first and the page paints before the hydration code has arrived
 * (Lighthouse mobile counted the 30 high-priority preloads as blocking the first paint).
 */
export function LowPriorityScripts(props: ScriptsProps) {
  return lowerModulePreloads(Scripts(props));
}
