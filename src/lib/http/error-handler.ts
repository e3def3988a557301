import { Elysia } from 'elysia'
import type { Deps } from '../deps'
import { AppError, MalformedJsonError, NotFoundError } from '../errors'
import { errorFields } from '../logger'
import { errorBody } from './envelope'
import { requestContext } from './context'

/**
 * What is logged of an unexpected error. A schema failure's message and stack embed the whole value that
 * failed (a login answer with its token, a user with e-mail and settings), which must never reach the log
 * (config.md §6): only where and why it failed, and the stack frames.
 */
function loggedFields(code: unknown, error: unknown) {
  if (code !== 'VALIDATION') return errorFields(error)
  const e = error as { type?: string; valueError?: { path?: string; message?: string }; stack?: string }
  return {
    error: `${e.type ?? 'value'} does not match its schema at ${e.valueError?.path || '/'}: ${e.valueError?.message ?? 'invalid'}`,
    stack: (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n'),
  }
}

/**
 * The root error handler: our error vocabulary rendered into the contract's envelope; router misses as 404;
 * anything unexpected (including a response that does not match its schema) logged and answered 500.
 */
export function errorHandler(deps: Deps) {
  const render = (err: AppError) => new Response(JSON.stringify(errorBody(deps.clock, err.code, err.message, err.errors)), {
    status: err.status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...err.headers },
  })
  return new Elysia({ name: 'error-handler' })
    // The front door has already read the body; handlers decode it after authentication (readJson).
    .onParse({ as: 'global' }, () => ({}))
    .onError({ as: 'global' }, ({ code, error, request }) => {
      if (error instanceof AppError) return render(error)
      if (code === 'NOT_FOUND') return render(new NotFoundError())
      if (code === 'PARSE') return render(new MalformedJsonError())
      deps.logger.error('unexpected error', { request_id: requestContext(request).id, code, ...loggedFields(code, error) })
      return render(new AppError(500, 'internal_error', 'An unexpected error occurred.'))
    })
}
