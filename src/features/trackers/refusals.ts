import { ConflictError, fieldError, NotFoundError } from '../../lib/errors'

/** The store's refusals of a create, in the API's words (docs/api/trackers.md §3). */
export function createdOrRefused<Row>(result: Row | 'limit_reached' | 'name_taken', limitMessage: string): Row {
  if (result === 'limit_reached') throw new ConflictError(limitMessage, 'limit_reached')
  if (result === 'name_taken') throw fieldError('name', 'The name has already been taken.')
  return result
}

/** The store's refusals of an update: no such definition of the actor's, or a name in use. */
export function updatedOrRefused<Row>(result: Row | undefined | 'name_taken'): Row {
  if (result === undefined) throw new NotFoundError()
  if (result === 'name_taken') throw fieldError('name', 'The name has already been taken.')
  return result
}
