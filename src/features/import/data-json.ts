/**
 * data.json read as a stream (README "Import"): the archive's largest entry is never held whole, neither as text
 * nor as objects. Its text, part by part as it is inflated, is checked by `JsonShapeGuard` and parsed by
 * @streamparser/json, which hands over each record of `data.{feature}` as it completes and then forgets it; the
 * caller validates (and the job writes) one record at a time.
 */
import { JSONParser } from '@streamparser/json'
import type { Pause } from '../../lib/time-slice'
import { IMPORT_LIMITS } from './limits'
import { refuse } from './refusal'

const INVALID = 'The archive entry "data.json" is not valid JSON.'

/** A record of a list feature (`key` its index), or one field of an object feature such as `profile`. */
export interface DataJsonRecord { feature: string; key: number | string; value: unknown }

/**
 * Follows only strings and nesting, with two native searches a piece, so that nothing grows past what the API
 * could ever have written, and is refused as it is read, before the parser has buffered it: a string (a key or a
 * value) longer than the longest encoding of the longest value the API accepts, a record larger than the largest
 * one the export writes, or more than `maxGapChars` between records (where a number or padding could hide).
 */
export class JsonShapeGuard {
  private inString = false
  private escaped = false
  private stringChars = 0
  private depth = 0
  /** characters of the current record, or of the gap since the last one */
  private unitChars = 0

  constructor(private readonly limits: { stringChars: number; recordChars: number; gapChars: number; recordDepth: number }) {}

  push(text: string): void {
    let i = 0
    while (i < text.length) {
      if (this.inString && this.escaped) {
        this.escaped = false
        this.stringGrow(1)
        i++
        continue
      }
      // Inside a string only its end or an escape matters; outside, strings and nesting.
      const pattern = this.inString ? STRING_END : STRUCTURE
      pattern.lastIndex = i
      const found = pattern.exec(text)
      const stop = found ? found.index : text.length
      this.count(stop - i)
      if (!found) break
      i = stop + 1
      const c = found[0]
      if (this.inString) {
        if (c === '\\') this.escaped = true
        else this.inString = false
        this.stringGrow(1)
        continue
      }
      if (c === '"') {
        this.inString = true
        this.stringChars = 0
      } else if (c === '{' || c === '[') {
        if (++this.depth === this.limits.recordDepth) this.unitChars = 0
      }
      this.grow(1)
      if ((c === '}' || c === ']') && this.depth-- === this.limits.recordDepth) this.unitChars = 0
    }
  }

  private count(chars: number): void {
    if (this.inString) this.stringGrow(chars)
    else this.grow(chars)
  }

  private stringGrow(chars: number): void {
    this.stringChars += chars
    if (this.stringChars > this.limits.stringChars) refuse('data.json holds a value longer than any value daybook accepts.')
    this.grow(chars)
  }

  private grow(chars: number): void {
    this.unitChars += chars
    if (this.depth >= this.limits.recordDepth) {
      if (this.unitChars > this.limits.recordChars) refuse('data.json holds a record larger than any record daybook writes.')
    } else if (this.unitChars > this.limits.gapChars) refuse('data.json holds more between its records than an export writes.')
  }
}

const STRING_END = /["\\]/g
const STRUCTURE = /["{}[\]]/g

/**
 * Every record of `data`, in document order, through `onRecord`; then the document's format and version for the
 * caller to check. Throws ArchiveRefused on the first problem.
 */
export async function readDataJson(
  parts: Iterable<string>, pause: Pause, onRecord: (record: DataJsonRecord) => void | Promise<void>,
): Promise<{ format: unknown; formatVersion: unknown }> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  // The guard's depths: 1 the document, 2 `data`, 3 a feature's list, 4 a record in it.
  const guard = new JsonShapeGuard({ ...IMPORT_LIMITS.dataJson, recordDepth: 4 })
  // No path may name an ancestor of the records (such as `$.data`): the parser keeps whatever it will emit.
  const parser = new JSONParser({ paths: ['$.format', '$.format_version', '$.data.*.*'], keepStack: false })
  const queue: DataJsonRecord[] = []
  const head: { format: unknown; formatVersion: unknown } = { format: undefined, formatVersion: undefined }
  parser.onValue = ({ value, key, stack }) => {
    if (stack.length === 1) {
      if (key === 'format') head.format = value
      else if (key === 'format_version') head.formatVersion = value
    } else if (stack.length === 3 && stack[1]!.key === 'data' && typeof stack[2]!.key === 'string') {
      queue.push({ feature: stack[2]!.key, key: key as number | string, value })
    }
  }
  parser.onError = () => refuse(INVALID)
  for (const part of parts) {
    guard.push(part)
    if (parser.isEnded) {
      if (part.trim() !== '') refuse(INVALID)
      continue
    }
    parser.write(part)
    for (const record of queue.splice(0)) await onRecord(record)
    await pause()
  }
  if (!parser.isEnded) refuse(INVALID)
  return head
}
