import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { PROGRESS_BAR_DURATION_MS, PROGRESS_BAR_THROTTLE_MS } from "@showroom/domain";

/** Shown only when a navigation lasts longer than 200 ms, so quick ones do not flash. */
export function ProgressBar(props: { label: string }) {
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_BAR_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return (
    <div role="progressbar" aria-label={props.label} className="fixed inset-x-0 top-0 z-[80] h-1 overflow-hidden">
      <div
        className="h-full origin-left bg-[var(--accent)] motion-safe:animate-[progress_var(--progress-duration)_ease-out_forwards]"
        style={{ ["--progress-duration" as string]: `${PROGRESS_BAR_DURATION_MS}ms` }}
      />
    </div>
  );
}
