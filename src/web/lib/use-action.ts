/** One user action that calls the API: pending while it runs, its error kept for the fields and the notice. */
import { useState } from 'preact/hooks'
import { ApiError } from './api'
import { fieldError } from './api-messages'
import { useLang } from './i18n'

export function useAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const lang = useLang()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<unknown>(undefined)
  const run = async (...args: A): Promise<boolean> => {
    setPending(true)
    setError(undefined)
    try {
      await action(...args)
      return true
    } catch (caught) {
      setError(caught)
      return false
    } finally {
      setPending(false)
    }
  }
  return {
    pending,
    error,
    run,
    /** The API's message for one field, in the user's language, with `label` as its name. */
    fieldError: (name: string, label: string): string | undefined => fieldError(error, name, label, lang),
    /** The error when no field shows it (a 422 is told at its fields). */
    formError: error instanceof ApiError && error.status === 422 && error.errors && !Array.isArray(error.errors) ? undefined : error,
    clear: () => setError(undefined),
  }
}

/** The submit handler of a form: no page reload, then the action. */
export const onSubmit = (run: () => unknown) => (event: Event) => {
  event.preventDefault()
  run()
}
