/**
 * manifest.json (docs/api/export.md §10.1), written last because it holds the counts and the finishing time. After the
 * contract's keys, `readme`: notes for a person opening the archive (how CSV text cells are escaped).
 */
import { iso } from '../../../lib/clock'
import { VERSION } from '../../../version'
import { CSV_TEXT_RULE } from '../csv'
import type { ExportScope, FeatureResult } from '../scope'

export interface ManifestInput {
  requestedAt: number
  generatedAt: number
  features: (FeatureResult & { name: string })[]
  skipped: string[]
}

export function manifestJson(scope: ExportScope, input: ManifestInput): string {
  const manifest = {
    format: 'daybook-export',
    format_version: 1,
    app: 'daybook',
    app_version: VERSION,
    export_id: scope.jobId,
    user_id: scope.user.id,
    requested_at: iso(input.requestedAt),
    generated_at: iso(input.generatedAt),
    features: input.features.map((f) => ({ name: f.name, count: f.count, files: f.files, ...f.more })),
    skipped: input.skipped,
    readme: [CSV_TEXT_RULE],
  }
  return JSON.stringify(manifest, null, 2) + '\n'
}
