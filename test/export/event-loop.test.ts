import { expect, test } from 'bun:test'
import { useTestApp } from '../helpers/use-test-app'
import { createUser } from '../helpers/fixtures'
import { runNextExportJob } from '../../src/features/export/run-job'
import { fetchArchive, insertLibraryItem, startExport } from './helpers'

const t = useTestApp()

/**
 * Runs `work` and counts the turns it hands to the event loop: background jobs yield with setImmediate
 * (src/lib/time-slice.ts). Counting the calls, not the loop's iterations, leaves out the job's waits for the
 * disk, during which the loop turns anyway.
 */
async function countYields<T>(work: () => Promise<T>): Promise<{ result: T; yields: number }> {
  const original = globalThis.setImmediate
  let yields = 0
  globalThis.setImmediate = ((...args: Parameters<typeof setImmediate>) => {
    yields += 1
    return original(...args)
  }) as typeof setImmediate
  try {
    return { result: await work(), yields }
  } finally {
    globalThis.setImmediate = original
  }
}

test('while one page of large records is written, the job yields to the event loop at least once per 64 KiB of text', async () => {
  const alice = await createUser(t)
  // 300 quotes of 8 KiB: a single page of records, about 2.4 MB of text in quotes.csv and as much in data.json.
  const quote = 'All the world\'s a stage, and all the men and women merely players. '.repeat(120).slice(0, 8192)
  for (let i = 0; i < 300; i++) insertLibraryItem(t, alice, 'quotes', { quote: `${i} ${quote}`, author: 'W.', source: null }, t.clock.now() + i)
  const id = await startExport(t, alice, ['quotes'])

  // A slice of 0 ms: the job yields at every step where it may, so the count shows how far apart those are.
  const { result, yields } = await countYields(() => runNextExportJob(t.deps, { sliceMs: 0 }))
  expect(result).toEqual({ id, status: 'completed' })

  const archive = await fetchArchive(t, alice, id)
  const text = archive.files['quotes.csv']!.length + archive.files['data.json']!.length
  expect(text).toBeGreaterThan(4_800_000)
  expect(yields).toBeGreaterThanOrEqual(Math.floor(text / 65_536))
})
