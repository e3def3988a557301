/**
 * Detection while the user types: one request 400 ms after the last keystroke, the previous one aborted, so
 * only the answer for the latest text is shown. `detectNow` skips the wait (saving before the pause ends).
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import type { ApiData } from '../../lib/api-types'
import { isContentType, type ContentType } from '../libraries/names'

/**
 * The API's detection (quick-add/model.ts), its content type one the pages name. The API declares the type as a
 * string, so it is checked here; a type this app does not know yet is shown as no detection.
 */
export type Detection = ApiData<'post', '/dashboard/quick-add/detect'> & { content_type: ContentType }
const known = (detection: ApiData<'post', '/dashboard/quick-add/detect'>): Detection | undefined =>
  isContentType(detection.content_type) ? { ...detection, content_type: detection.content_type } : undefined

interface DetectState {
  /** The text the detection or error belongs to. */
  text: string
  detection?: Detection
  error?: unknown
  pending: boolean
}

const DEBOUNCE_MS = 400

export function useDetect(text: string) {
  const [state, setState] = useState<DetectState>({ text: '', pending: false })
  const inFlight = useRef<AbortController | undefined>(undefined)

  const detectNow = async (content: string): Promise<Detection | undefined> => {
    inFlight.current?.abort()
    const controller = new AbortController()
    inFlight.current = controller
    setState((s) => ({ ...s, pending: true }))
    try {
      const detection = known(await api.post('/dashboard/quick-add/detect', { content }, { signal: controller.signal }))
      if (!controller.signal.aborted) setState({ text: content, detection, pending: false })
      return detection
    } catch (error) {
      // An aborted request was replaced by a newer one: that one reports.
      if (!controller.signal.aborted) setState({ text: content, error, pending: false })
      return undefined
    }
  }

  useEffect(() => {
    if (text.trim() === '') {
      inFlight.current?.abort()
      setState({ text: '', pending: false })
      return
    }
    const timer = setTimeout(() => { detectNow(text) }, DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])

  useEffect(() => () => inFlight.current?.abort(), [])

  return {
    ...state,
    /** The shown detection is for an earlier text (the user typed since). */
    stale: state.text !== text,
    detectNow,
  }
}
