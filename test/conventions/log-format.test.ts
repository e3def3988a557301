/** docs/configuration.md §6: one line per event in both formats, even for an error with a multi-line stack trace. */
import { describe, expect, test } from 'bun:test'
import { createLogger, errorFields } from '../../src/lib/logger'

const failure = () => {
  try { JSON.parse('{') } catch (err) { return err }
}

describe('log formats', () => {
  for (const format of ['json', 'pretty'] as const) {
    test(`${format}: an error with its stack is one line; levels below LOG_LEVEL are dropped`, () => {
      const lines: string[] = []
      const logger = createLogger('info', format, (line) => lines.push(line))
      logger.debug('hidden')
      logger.error('unexpected error', { request_id: 'r-1', ...errorFields(failure()) })
      logger.info('request', { request_id: 'r-2', path: '/api/v1/health', status: 200 })
      expect(lines).toHaveLength(2)
      for (const line of lines) expect(line).not.toMatch(/[\r\n]/)
      expect(lines[0]).toContain('r-1')
      expect(lines[0]).toContain(' at ')
    })
  }
})
