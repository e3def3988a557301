/**
 * One action on a person (accept, decline, withdraw, remove, send), in a list's row or on their page: the row or
 * the button may be gone afterwards, so the outcome is said for the whole list or page, which is reloaded whatever
 * happened (an error such as "already answered" means what is on screen is out of date).
 */
import { useState } from 'preact/hooks'
import { useAction } from '../../lib/use-action'

export function useRowAction(onChange: () => void) {
  const [done, setDone] = useState<string>()
  const action = useAction(async (call: () => Promise<unknown>, success: string) => {
    setDone(undefined)
    try {
      await call()
      setDone(success)
    } finally {
      onChange()
    }
  })
  return { ...action, done }
}
