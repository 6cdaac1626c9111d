/**
 * The pause a background worker takes between polls of the store, which a kick (new work queued,
 * a stop) ends at once. Shared by the export, import and notification workers.
 */
export class PollPause {
  #wake: (() => void) | null = null;

  /** Resolves after `ms`, or sooner when `wake` is called. */
  wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wake = done;
    });
  }

  /** Ends the pause in progress, if any. */
  wake(): void {
    this.#wake?.();
  }
}
