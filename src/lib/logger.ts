import type { LogLevel } from '../config'
import { requestLogFields } from './http/request-scope'

export type LogFields = Record<string, unknown>

export interface Logger {
  debug(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
}

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

/** One JSON object per line on stdout (or readable lines with format "pretty"). */
export function createLogger(level: LogLevel, format: 'json' | 'pretty', write: (line: string) => void = (l) => process.stdout.write(l + '\n')): Logger {
  const min = rank[level]
  const log = (lvl: LogLevel) => (msg: string, fields: LogFields = {}) => {
    if (rank[lvl] < min) return
    const time = new Date().toISOString()
    // Inside a request, every line carries its request id (docs/api/conventions.md §5), also from work it started.
    fields = { ...requestLogFields(), ...fields }
    if (format === 'json') {
      write(JSON.stringify({ time, level: lvl, msg, ...fields }))
    } else {
      // Strings with line breaks (stack traces) are quoted so every event stays on one line.
      const extra = Object.entries(fields).map(([k, v]) => `${k}=${typeof v === 'string' && !/[\r\n]/.test(v) ? v : JSON.stringify(v)}`).join(' ')
      write(`${time} ${lvl.toUpperCase().padEnd(5)} ${msg}${extra ? ' ' + extra : ''}`)
    }
  }
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }
}

export function errorFields(err: unknown): LogFields {
  return err instanceof Error ? { error: err.message, stack: err.stack } : { error: String(err) }
}
