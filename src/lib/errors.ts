/**
 * The one error vocabulary: services throw these, the root error handler renders them into the
 * contract's error envelope (docs/api/conventions.md §3.3–3.4). Anything else becomes a logged 500.
 */
export type FieldErrors = Record<string, string[]>

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors | string[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export class BadRequestError extends AppError {
  constructor(code: string, message: string) { super(400, code, message) }
}

export class MalformedJsonError extends AppError {
  constructor() { super(400, 'malformed_json', 'The request body is not valid JSON.') }
}

export class UnauthenticatedError extends AppError {
  constructor(code = 'unauthenticated', message = 'Unauthenticated.', errors?: string[]) { super(401, code, message, errors) }
}

export class ForbiddenError extends AppError {
  constructor(message = 'This action is unauthorized.', code = 'forbidden') { super(403, code, message) }
}

export class NotFoundError extends AppError {
  constructor(message = 'The requested resource was not found.', code = 'not_found') { super(404, code, message) }
}

export class MethodNotAllowedError extends AppError {
  constructor(allow: string) { super(405, 'method_not_allowed', 'The specified method for the request is invalid.', undefined, { Allow: allow }) }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') { super(409, code, message) }
}

export class GoneError extends AppError {
  constructor(message: string, code: string) { super(410, code, message) }
}

export class PayloadTooLargeError extends AppError {
  constructor() { super(413, 'payload_too_large', 'The request body is too large.') }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor() { super(415, 'unsupported_media_type', 'Unsupported media type.') }
}

export class ValidationError extends AppError {
  constructor(errors: FieldErrors, message = 'The given data was invalid.', code = 'validation_failed') { super(422, code, message, errors) }
}

/** A 422 without an `errors` map (passkey registration). */
export class UnprocessableError extends AppError {
  constructor(code: string, message: string) { super(422, code, message) }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number, headers: Record<string, string> = {}, message = 'Too many requests. Please slow down.') {
    super(429, 'rate_limited', message, undefined, { ...headers, 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) })
  }
}

/**
 * Another server did not give what a request needed (a link's page fetched again): 502, or 504 when it did not
 * answer in time. `errors` holds reason codes.
 */
export class UpstreamError extends AppError {
  constructor(status: 502 | 504, code: string, message: string, errors?: string[]) { super(status, code, message, errors) }
}

export function fieldError(field: string, message: string): ValidationError {
  return new ValidationError({ [field]: [message] })
}
