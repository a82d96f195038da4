/**
 * A queue for work that must not overlap: each piece starts when the one before has ended (done or
 * failed), in the order given, and the caller gets its own piece's result.
 */
export function inOrder(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (work) => {
    const run = last.then(work);
    last = run.catch(() => undefined);
    return run;
  };
}
