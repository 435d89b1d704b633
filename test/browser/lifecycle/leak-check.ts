import { executeServerCommand } from '@web/test-runner-commands';

/** Weak references to what a removed element owned, by a name the failure message shows. */
export type Held = Map<string, WeakRef<object>>;

/** Adds `target` to `held` under `name` (a second target of a name gets a number). */
export function hold(held: Held, name: string, target: object | null | undefined): void {
  if (!target) throw new Error(`nothing to hold as ${name}`);
  let key = name;
  for (let i = 2; held.has(key); i++) key = `${name} #${i}`;
  held.set(key, new WeakRef(target));
}

/** Resolves after a task of its own (a macrotask, not a microtask). */
function nextTask(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The names of what something still holds: lets the timers and frames the removal scheduled run out (a
 * `WeakRef` target stays alive until the job that made or read it ends, so this waits tasks, not
 * microtasks), forces two garbage collections (the runner's `collect-garbage`), and reads every reference.
 */
export async function stillHeld(held: Held): Promise<string[]> {
  for (let i = 0; i < 5; i++) await nextTask(20);
  await new Promise((resolve) => requestAnimationFrame(resolve));
  await nextTask(300);
  await executeServerCommand('collect-garbage');
  await nextTask();
  return [...held].filter(([, ref]) => ref.deref() !== undefined).map(([name]) => name);
}
