/**
 * Work a page would lose asks before the session leaves it (spec 4: dealer logout, end session and back to the
 * dealer panel first check for unsaved post-deposit changes, and are aborted if the user declines). A page adds a
 * guard while it has such work; the shell asks every guard before it leaves.
 */
export type LeaveGuard = () => Promise<boolean>;

const guards = new Set<LeaveGuard>();

export function addLeaveGuard(guard: LeaveGuard): () => void {
  guards.add(guard);
  return () => {
    guards.delete(guard);
  };
}

/** True when nothing would be lost, or the user chose to leave anyway. */
export async function mayLeave(): Promise<boolean> {
  for (const guard of [...guards]) if (!(await guard())) return false;
  return true;
}
