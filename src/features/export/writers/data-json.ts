/**
 * data.json (docs/api/export.md §10.2), written incrementally: the text is exactly what JSON.stringify(whole, null, 2)
 * would give, but only one page of records is ever in memory, and it reaches the compressor in pieces between
 * which the job may yield (TextEntry). Each record is stringified on its own and indented to its depth
 * (JSON.stringify escapes newlines inside strings, so every raw newline is structural).
 */
import { iso } from '../../../lib/clock'
import type { SupportedFeature } from '../features'
import type { ExportScope, FeatureData } from '../scope'
import { FEATURE_WRITERS } from './index'
import { TextEntry } from './text-file'

const indent = (value: unknown, pad: string) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${pad}`)

export async function writeDataJson(scope: ExportScope, features: SupportedFeature[], generatedAt: number): Promise<void> {
  const out = TextEntry.open(scope, 'data.json')
  const head = { format: 'daybook-export', format_version: 1, export_id: scope.jobId, user_id: scope.user.id, generated_at: iso(generatedAt) }
  await out.add(JSON.stringify(head, null, 2).slice(0, -2))
  if (features.length === 0) {
    await out.add(',\n  "data": {}\n}\n')
    await out.end()
    return
  }
  await out.add(',\n  "data": {')
  let keys = 0
  const key = async (name: string, value: FeatureData) => {
    await out.add(`${keys++ === 0 ? '' : ','}\n    ${JSON.stringify(name)}: `)
    await writeValue(out, value)
  }
  for (const feature of features) {
    const writer = FEATURE_WRITERS[feature]
    for (const section of await writer.before?.(scope) ?? []) await key(section.key, section.data)
    await key(feature, await writer.data(scope))
  }
  await out.add('\n  }\n}\n')
  await out.end()
}

/** One key's value: an object as it is, records a page at a time. */
async function writeValue(out: TextEntry, value: FeatureData): Promise<void> {
  if ('object' in value) {
    await out.add(indent(value.object, '    '))
    return
  }
  let first = true
  for await (const page of value.pages) {
    for (const record of page) {
      await out.add(`${first ? '[' : ','}\n      ${indent(record, '      ')}`)
      first = false
    }
  }
  await out.add(first ? '[]' : '\n    ]')
}
