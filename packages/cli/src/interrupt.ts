let handler: (() => void) | null = null;

/**
 * Lets a command that can stop cleanly (the batch writes what is complete first) take the next
 * Ctrl-C instead of the process exiting at once. A second Ctrl-C still exits at once. Returns the
 * function that gives Ctrl-C back.
 */
export function onInterrupt(fn: () => void): () => void {
  handler = fn;
  return () => {
    if (handler === fn) handler = null;
  };
}

/** Runs the command's handler, if one is waiting; false when Ctrl-C should end the process now. */
export function interrupt(): boolean {
  const current = handler;
  if (!current) return false;
  handler = null;
  current();
  return true;
}
