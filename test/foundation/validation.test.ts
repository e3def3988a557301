import { describe, expect, test } from 'bun:test'
import { f, validate } from '../../src/lib/validation'
import { isValidDate, isValidEmail } from '../../src/lib/values'
import { ValidationError } from '../../src/lib/errors'

const errorsOf = (fn: () => unknown) => {
  try { fn() } catch (e) { if (e instanceof ValidationError) return e.errors; throw e }
  return undefined
}

describe('validation (docs/api/conventions.md §2.4–3.5)', () => {
  test('trims, treats empty and null as absent, reports the first failing rule per field', () => {
    const schema = { name: f.string().required().max(5), note: f.string().nullable(), age: f.integer().between(1, 3) }
    expect(validate({ name: '  abc  ', note: null }, schema) as unknown).toEqual({ name: 'abc', note: null })
    expect(errorsOf(() => validate({ name: '   ' }, schema))).toEqual({ name: ['The name field is required.'] })
    expect(errorsOf(() => validate({ name: null, age: '3' }, schema))).toEqual({ name: ['The name field is required.'], age: ['The age field must be an integer.'] })
    expect(errorsOf(() => validate({ name: 'abcdef', age: 4 }, schema))).toEqual({
      name: ['The name field must not be greater than 5 characters.'], age: ['The age field must be between 1 and 3.'],
    })
  })

  test('lengths count code points; raw() keeps white space', () => {
    expect(validate({ name: '😀😀😀😀😀' }, { name: f.string().max(5) })).toEqual({ name: '😀😀😀😀😀' })
    expect(validate({ password: ' secret ' }, { password: f.string().raw() })).toEqual({ password: ' secret ' })
  })

  test('confirmed, oneOf, requiredWith and numbers from strings', () => {
    const schema = {
      password: f.string().raw().confirmed('password_confirmation'),
      password_confirmation: f.string().raw().requiredWith('password'),
      unit: f.string().oneOf(['c', 'f']),
      lat: f.number().between(-90, 90),
    }
    expect(errorsOf(() => validate({ password: 'a', password_confirmation: 'b', unit: 'k', lat: 'x' }, schema))).toEqual({
      password: ['The password field confirmation does not match.'],
      unit: ['The selected unit is invalid.'],
      lat: ['The lat field must be a number.'],
    })
    expect(errorsOf(() => validate({ password: 'a' }, schema))).toEqual({ password_confirmation: ['The password confirmation field is required when password is present.'] })
    expect(validate({ lat: '52.52' }, schema).lat).toBe(52.52)
  })

  test('e-mail addresses', () => {
    for (const ok of ['ada@example.com', 'a.b+c@sub.example.co', 'jürgen@bücher.de']) expect(isValidEmail(ok)).toBe(true)
    for (const bad of ['ada', 'a@b', 'a@@b.com', 'a b@c.com', '@example.com', 'a@-x.com', 'a@x-.com', `${'a'.repeat(65)}@x.com`]) expect(isValidEmail(bad)).toBe(false)
  })

  test('dates are strict calendar days', () => {
    for (const ok of ['2026-06-24', '2024-02-29', '0001-01-01', '9999-12-31']) expect(isValidDate(ok)).toBe(true)
    for (const bad of ['2026-02-29', '2026-02-30', '2026-6-4', '2026-06-24T00:00:00Z', '0000-01-01', '2026-13-01', 20260624]) expect(isValidDate(bad)).toBe(false)
  })
})
