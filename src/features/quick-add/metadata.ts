/**
 * Commit metadata (docs/api/quick-add.md §6.2): the keys allowed for the content type, checked against the limits
 * of the library's fields (§8); errors are keyed `metadata.{key}`. Other keys are ignored.
 */
import { ValidationError, type FieldErrors } from '../../lib/errors'
import { validate, type Schema } from '../../lib/validation'
import { codePoints } from '../../lib/values'
import { LIBRARY_FIELDS, type FieldDef } from '../libraries/fields'
import { fieldRule as ruleFor, todoCategoryRule } from '../libraries/field-rules'
import { LIBRARY_OF, METADATA_KEYS, type ContentType } from './content-types'
import { cleanTags, TAG_MAX, TAGS_MAX } from './todo-parser'

const CLIPBOARD_CONTENT: FieldDef = { kind: 'string', max: 65535, required: true }

function definitionOf(type: ContentType, key: string): FieldDef {
  const library = LIBRARY_OF[type]
  if (library === 'clipboard') return CLIPBOARD_CONTENT
  return (LIBRARY_FIELDS[library] as Record<string, FieldDef>)[key]!
}

/** Tags: an array of at most 20 strings of 1–50 characters, a leading `#` removed, duplicates dropped. */
function validateTags(value: unknown, errors: FieldErrors): string[] | undefined {
  // `value` is trimmed already; an empty string counts as absent like null (docs/api/conventions.md §2.4).
  if (value === undefined || value === null || value === '') return undefined
  if (!Array.isArray(value)) { errors['metadata.tags'] = ['The metadata.tags field must be an array.']; return undefined }
  if (value.length > TAGS_MAX) {
    errors['metadata.tags'] = [`The metadata.tags field must not have more than ${TAGS_MAX} items.`]
    return undefined
  }
  const tags: string[] = []
  value.forEach((item, i) => {
    const key = `metadata.tags.${i}`
    if (typeof item !== 'string') { errors[key] = [`The ${key} field must be a string.`]; return }
    const tag = item.replace(/^#/, '').trim()
    if (codePoints(tag) < 1) errors[key] = [`The ${key} field must be at least 1 characters.`]
    else if (codePoints(tag) > TAG_MAX) errors[key] = [`The ${key} field must not be greater than ${TAG_MAX} characters.`]
    else tags.push(tag)
  })
  return cleanTags(tags)
}

/**
 * The validated metadata values for `type`, only the keys that were given (null and empty count as not
 * given). `input` has been trimmed already. Throws a ValidationError with `metadata.*` keys.
 */
export function validateMetadata(type: ContentType, input: Record<string, unknown>): Record<string, unknown> {
  const schema: Schema = {}
  const keys = METADATA_KEYS[type]
  for (const key of keys) {
    if (key === 'tags') continue
    schema[key] = type === 'todo' && key === 'category' ? todoCategoryRule : ruleFor(definitionOf(type, key))
  }
  const errors: FieldErrors = {}
  let values: Record<string, unknown> = {}
  try {
    values = validate(input, schema, 'metadata.')
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err
    Object.assign(errors, err.errors)
  }
  if (keys.includes('tags')) {
    const tags = validateTags(input.tags, errors)
    if (tags !== undefined) values.tags = tags
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(orderErrors(errors, keys))
  if (values.category === '') delete values.category
  return values
}

/** Errors in the order the keys are listed for the type. */
function orderErrors(errors: FieldErrors, keys: readonly string[]): FieldErrors {
  const rank = (k: string) => keys.indexOf(k.split('.')[1]!)
  return Object.fromEntries(Object.entries(errors).sort(([a], [b]) => rank(a) - rank(b)))
}
