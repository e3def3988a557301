import { ValidationError, type FieldErrors } from '../../lib/errors'

/** Runs one validation step, moving a 422's field errors into `errors` so several steps report together. */
export function collectErrors<T>(errors: FieldErrors, step: () => T): T | undefined {
  try {
    return step()
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err
    Object.assign(errors, err.errors)
    return undefined
  }
}

export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
}
