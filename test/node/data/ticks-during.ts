/** How many times a chain of zero-delay timers runs while `work` is pending (did a long load yield?). */
export async function ticksDuring(work: Promise<unknown>): Promise<number> {
  let ticks = 0;
  let done = false;
  const tick = () => {
    if (done) return;
    ticks++;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  try {
    await work;
  } finally {
    done = true;
  }
  return ticks;
}
