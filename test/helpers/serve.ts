/** For tests that start a real `daybook serve` (or the executable) as a child process on loopback. */

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

/**
 * Waits until `url`'s /api/v1/health answers 200: true then, false when `ms` pass first. A child that exits
 * meanwhile fails at once, with its exit code, instead of at the timeout.
 */
export async function untilHealthy(url: string, proc: Bun.Subprocess, ms = 30_000): Promise<boolean> {
  const end = performance.now() + ms
  while (performance.now() < end) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`)
    if (await fetch(`${url}/api/v1/health`).then((r) => r.ok, () => false)) return true
    await Bun.sleep(50)
  }
  return false
}
