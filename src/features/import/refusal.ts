import { ValidationError } from '../../lib/errors'

/** A refused archive: 422 with the reason as `message` and as the `file` field's error (like the export's 422). */
export class ArchiveRefused extends ValidationError {
  constructor(message: string) {
    super({ file: [message] }, message)
  }
}

export const refuse = (message: string): never => {
  throw new ArchiveRefused(message)
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Runs one record's validation; its first message refuses the archive, naming the record. */
export function checked<T>(where: string, step: () => T): T {
  try {
    return step()
  } catch (err) {
    if (!(err instanceof ValidationError) || !err.errors || Array.isArray(err.errors)) throw err
    const first = Object.values(err.errors)[0]?.[0] ?? err.message
    return refuse(`Invalid value in data.json, ${where}: ${first}`)
  }
}

