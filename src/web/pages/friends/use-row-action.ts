/**
 * One action on a row of a list (accept, decline, withdraw, remove): the row may be gone afterwards, so the
 * outcome is said for the whole list, and the list is reloaded whatever happened (an error such as "already
 * answered" means the list on screen is out of date).
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
