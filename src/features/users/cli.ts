import { UsageError } from '../../config'

/** `daybook user …` (config.md §3) — create, verify, set-password, list. */
export async function runUserCommand(args: string[]): Promise<number> {
  throw new UsageError(`daybook user ${args[0] ?? ''}: not available yet`)
}
