/** The page's colours for canvas drawing, read from the stylesheet's variables, and a signal when they change. */
import { useEffect, useState } from 'preact/hooks'

/** The current value of one CSS variable of the root (light or dark, whichever applies now). */
export const cssVar = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()

/** A number that changes whenever the system switches between light and dark, so canvases can redraw. */
export function useSchemeVersion(): number {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const query = matchMedia('(prefers-color-scheme: dark)')
    const changed = () => setVersion((v) => v + 1)
    query.addEventListener('change', changed)
    return () => query.removeEventListener('change', changed)
  }, [])
  return version
}
