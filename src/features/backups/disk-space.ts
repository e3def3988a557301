/** The free-space check before a backup or a restore: refuse when it would leave less than 10% of the disk free. */
import { statfs } from 'node:fs/promises'

export const MIN_FREE_FRACTION = 0.1

export interface DiskSpace { total: number; free: number }

/** Total and available bytes of the file system holding `dir` (for an unprivileged process: bavail). */
export async function diskSpaceOf(dir: string): Promise<DiskSpace> {
  const s = await statfs(dir)
  return { total: Number(s.blocks) * Number(s.bsize), free: Number(s.bavail) * Number(s.bsize) }
}

/** Undefined when `needed` bytes fit with 10% of the disk left free; otherwise the reason to refuse (`what` needs them). */
export function diskSpaceRefusal(space: DiskSpace, needed: number, what = 'the backup'): string | undefined {
  const left = space.free - needed
  if (left >= space.total * MIN_FREE_FRACTION) return undefined
  const mb = (n: number) => `${Math.max(0, n / 1e6).toFixed(1)} MB`
  return `not enough disk space: ${what} needs about ${mb(needed)}, ${mb(space.free)} of ${mb(space.total)} are free, and at least 10% must stay free`
}
