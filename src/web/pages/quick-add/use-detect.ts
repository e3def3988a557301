/**
 * Detection while the user types: one request 400 ms after the last keystroke, the previous one aborted, so
 * only the answer for the latest text is shown. `detectNow` skips the wait (saving before the pause ends).
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { api } from '../../lib/api'
import type { ContentType } from '../libraries/names'

export interface TodoMetadata { title: string; due_at: string | null; repeat: string | null; link: string | null; tags: string[]; category: string | null }
export interface UrlMetadata { url: string; hostname: string }
export interface NoteMetadata { title: string }

export interface Detection {
  content: string
  content_type: ContentType
  confidence: number
  needs_confirmation: boolean
  metadata: Partial<TodoMetadata & UrlMetadata & NoteMetadata>
}

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
      const detection = await api.post<Detection>('/dashboard/quick-add/detect', { content }, { signal: controller.signal })
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
