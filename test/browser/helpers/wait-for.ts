/** Polls until `check` is true or fails with `what` after `timeout` ms. Imports nothing: safe in any test file. */
export async function waitFor(check: () => boolean, what: string, timeout = 10000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeout) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** {@link waitFor} for an asynchronous check (e.g. reading IndexedDB). */
export async function pollUntil(check: () => Promise<boolean>, what: string, timeout = 10000): Promise<void> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > timeout) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
