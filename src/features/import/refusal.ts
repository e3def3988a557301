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
