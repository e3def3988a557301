/**
 * Request validation of detect and commit (quick-add.md §2, §6): `content` with its alias `url`,
 * `content_type`, and `metadata`. All failing fields are reported together, in field order.
 */
import type { FieldErrors } from '../../lib/errors'
import { attribute, codePoints, collectErrors, f, normalizeValue, throwIfErrors, validate } from '../../lib/validation'
import { URL_MAX } from '../libraries/fields'
import { CONTENT_TYPES, URL_CONTENT_TYPES, URL_ONLY_TYPES, type ContentType } from './content-types'
import { validateMetadata } from './metadata'
import { parseSingleUrl, type SingleUrl } from './single-url'

export const CONTENT_MAX = 65535

const contentRule = f.string().required().max(CONTENT_MAX)

export interface CommitRequest {
  content: string
  contentType: ContentType
  /** the content as a single URL, when it is one */
  single: SingleUrl | undefined
  metadata: Record<string, unknown>
}

/** `url` is read only when `content` is absent; errors are keyed by the name read. */
function contentKey(body: Record<string, unknown>): 'content' | 'url' {
  const absent = (v: unknown) => normalizeValue(v, contentRule) === undefined
  return absent(body.content) && !absent(body.url) ? 'url' : 'content'
}

/** The trimmed `content` (or `url`) of a request body. */
export function validateContent(body: Record<string, unknown>): string {
  const key = contentKey(body)
  return validate({ [key]: body[key] }, { [key]: contentRule })[key]!
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
  const content = collectErrors(contentErrors, () => validate({ [key]: body[key] }, { [key]: contentRule })[key]!)
  const contentType = collectErrors(otherErrors, () => validate(body, {
    content_type: f.string().required().oneOf(CONTENT_TYPES),
  }).content_type)
  const single = content === undefined ? undefined : parseSingleUrl(content)
  if (content !== undefined && contentType !== undefined) {
    const urlError = contentUrlError(key, content, contentType, single)
    if (urlError) contentErrors[key] = [urlError]
  }
  const given = collectErrors(otherErrors, () => validate(body, { metadata: f.object() }).metadata)
  let metadata: Record<string, unknown> = {}
  if (given && contentType !== undefined) metadata = collectErrors(otherErrors, () => validateMetadata(contentType, given)) ?? {}
  const errors = { ...contentErrors, ...otherErrors }
  throwIfErrors(errors)
  return { content: content!, contentType: contentType!, single, metadata }
}
