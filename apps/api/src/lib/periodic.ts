/**
 * Runs `task` once after `firstMs`, then every `intervalMs`, never two at a time in this process (a run still
 * going when the next is due is skipped). The timers do not keep the process alive. Returns a stop function.
 * `task` handles its own errors.
 */
export function startPeriodic(
  task: () => Promise<void>,
  { firstMs, intervalMs }: { firstMs: number; intervalMs: number },
) {
  let running = false
  const tick = async () => {
    if (running) return
    running = true
    try {
      await task()
    } finally {
      running = false
    }
  }
  const first = setTimeout(tick, firstMs)
  const every = setInterval(tick, intervalMs)
  first.unref()
  every.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
