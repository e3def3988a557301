/**
 * Request validation of detect and commit (docs/api/quick-add.md §2, §6) with the rules of model.ts, in stages:
 * `content` (or its alias `url`), then `content_type`, the URL rules that depend on both, then `metadata`.
 * All failing fields are reported together, in field order.
 */
import type { FieldErrors } from '../../lib/errors'
import { attribute, collectErrors, normalizeValue, throwIfErrors, validate } from '../../lib/validation'
import { codePoints } from '../../lib/values'
import { URL_MAX } from '../libraries/fields'
import { URL_CONTENT_TYPES, URL_ONLY_TYPES, type ContentType } from './content-types'
import { validateMetadata } from './metadata'
import { CommitBody, DetectBody } from './model'
import { parseSingleUrl, type SingleUrl } from './single-url'

export interface CommitRequest {
  content: string
  contentType: ContentType
  /** the content as a single URL, when it is one */
  single: SingleUrl | undefined
  metadata: Record<string, unknown>
}

/** `url` is read only when `content` is absent; errors are keyed by the name read. */
function contentKey(body: Record<string, unknown>): 'content' | 'url' {
  const absent = (key: 'content' | 'url') => normalizeValue(body[key], DetectBody.fields[key]) === undefined
  return absent('content') && !absent('url') ? 'url' : 'content'
}

/** The trimmed `content` (or `url`) of a request body; the one read is required. */
export function validateContent(body: Record<string, unknown>): string {
  const key = contentKey(body)
  return validate(body, { [key]: DetectBody.fields[key].required() })[key]!
}

/** The URL rules of `content` that depend on the content type. */
function contentUrlError(key: string, content: string, type: ContentType, single: SingleUrl | undefined): string | undefined {
  if (URL_ONLY_TYPES.has(type) && !single) return `The ${attribute(key)} field must be a valid URL.`
  if (single && URL_CONTENT_TYPES.has(type) && Math.max(codePoints(content), single.href.length) > URL_MAX) {
    return `The ${attribute(key)} field must not be greater than ${URL_MAX} characters.`
  }
  return undefined
}

export function validateCommit(body: Record<string, unknown>): CommitRequest {
  const contentErrors: FieldErrors = {}
  const otherErrors: FieldErrors = {}
  const key = contentKey(body)
  const content = collectErrors(contentErrors, () => validateContent(body))
  const contentType = collectErrors(otherErrors, () => validate(body, { content_type: CommitBody.fields.content_type }).content_type)
  const single = content === undefined ? undefined : parseSingleUrl(content)
  if (content !== undefined && contentType !== undefined) {
    const urlError = contentUrlError(key, content, contentType, single)
    if (urlError) contentErrors[key] = [urlError]
  }
  const given = collectErrors(otherErrors, () => validate(body, { metadata: CommitBody.fields.metadata }).metadata)
  let metadata: Record<string, unknown> = {}
  if (given && contentType !== undefined) metadata = collectErrors(otherErrors, () => validateMetadata(contentType, given)) ?? {}
  const errors = { ...contentErrors, ...otherErrors }
  throwIfErrors(errors)
  return { content: content!, contentType: contentType!, single, metadata }
}
