import type { CronOptions } from 'croner'

/**
 * croner reads a `timezone` through Intl on every run, which loads ICU's time-zone data (about 5 MB); UTC has
 * no daylight saving, so croner's fixed `utcOffset: 0` is the same schedule without it.
 *
 * `fixedTimeRule: 'no-wildcard'` too: the rule decides only how a pattern meets a daylight-saving change, which a
 * fixed offset never does, but the default rule counts each pattern's seconds, minutes and hours through a small
 * callback, about 1,500 calls for the schedule's jobs at start-up: enough for JSC to compile that callback with its
 * optimising DFG JIT, whose own code (1.6 MB) then stays resident in the idle server (README "Where the memory went").
 */
export function cronZone(timezone = 'UTC'): Pick<CronOptions, 'timezone' | 'utcOffset' | 'fixedTimeRule'> {
  return timezone === 'UTC' ? { utcOffset: 0, fixedTimeRule: 'no-wildcard' } : { timezone }
}
