/** Where a multi-step flow stands: the "Step 2 of 5: …" line and a progress bar that reads it out. */
export function StepProgress(props: { id: string; text: string; percent: number; testId: string }) {
  return (
    <>
      <p id={props.id} className="text-sm font-semibold" data-testid={props.testId}>
        {props.text}
      </p>
      <div
        role="progressbar"
        aria-labelledby={props.id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={props.percent}
        aria-valuetext={props.text}
        className="mt-2 h-2 overflow-hidden rounded-full bg-black/10"
      >
        <div
          className="h-full rounded-full bg-[var(--accent)] transition-[width] motion-reduce:transition-none"
          style={{ width: `${props.percent}%` }}
        />
      </div>
    </>
  );
}
