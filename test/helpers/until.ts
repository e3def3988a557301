/**
 * Waits for an effect of background work that a test cannot await directly (a log line written after a mail
 * went out, an access line written after a connection closed): checks again every few milliseconds until it
 * holds, and fails after `ms` with what it waited for, so a slow machine makes the wait longer, not the test wrong.
 */
export async function until(check: () => boolean, ms = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} not reached within ${ms} ms`)
    await Bun.sleep(5)
  }
}
