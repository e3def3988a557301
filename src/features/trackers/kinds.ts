import { fieldError } from '../../lib/errors'
import { SCALE_LIMIT } from './model'
import type { TrackerRow } from './schema'

/** The columns whose meaning depends on the kind. */
export type KindColumns = Pick<TrackerRow, 'min' | 'max' | 'minLabel' | 'maxLabel' | 'unit' | 'decimals'>

/** What a client asked for, merged over the stored definition (a PATCH) or over nothing (a create). */
export type KindRequest = { [K in keyof KindColumns]?: KindColumns[K] | null }

const isInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v)

/**
 * The kind's columns of a definition (docs/api/trackers.md §2), the others emptied: a `scale` has integer ends,
 * 0 ≤ min < max ≤ 10 (1–5 unless sent) and optional words for them; a `number` optional bounds (min < max when
 * both), `decimals` 0–3 and a unit; a `yesno` none. A 422 names the field that breaks the rule.
 */
export function kindColumns(kind: TrackerRow['kind'], asked: KindRequest): KindColumns {
  const none: KindColumns = { min: null, max: null, minLabel: null, maxLabel: null, unit: null, decimals: 0 }
  if (kind === 'yesno') return none
  if (kind === 'scale') {
    const min = asked.min === undefined ? 1 : asked.min
    const max = asked.max === undefined ? 5 : asked.max
    if (!isInteger(min) || min < 0 || min >= SCALE_LIMIT) throw fieldError('min', `The min field must be an integer from 0 to ${SCALE_LIMIT - 1}.`)
    if (!isInteger(max) || max <= min || max > SCALE_LIMIT) throw fieldError('max', `The max field must be an integer greater than min and at most ${SCALE_LIMIT}.`)
    return { ...none, min, max, minLabel: asked.minLabel ?? null, maxLabel: asked.maxLabel ?? null }
  }
  const min = asked.min ?? null
  const max = asked.max ?? null
  if (min !== null && max !== null && max <= min) throw fieldError('max', 'The max field must be greater than min.')
  return { ...none, min, max, unit: asked.unit ?? null, decimals: asked.decimals ?? 0 }
}
