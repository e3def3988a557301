import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { Envelope } from '../../lib/http/schemas'
import { f, rules } from '../../lib/validation'
import { SKIPPED_FEATURES, SUPPORTED_FEATURES, featureList } from './features'

const STATUS = t.Union([t.Literal('pending'), t.Literal('in-progress'), t.Literal('completed'), t.Literal('failed')])

/** docs/api/export.md §3 — the export job object, keys in contract order. */
export const ExportJob = t.Object({
  id: Type.Integer(),
  status: STATUS,
  features: t.Array(t.String()),
  created_at: t.String(),
  started_at: t.Nullable(t.String()),
  completed_at: t.Nullable(t.String()),
  expires_at: t.Nullable(t.String()),
  is_expired: t.Boolean(),
  size_bytes: t.Nullable(Type.Integer()),
  error: t.Nullable(t.String()),
})

/** docs/api/export.md §2 — the answer to a new export request. */
export const StartedExport = t.Object({ id: Type.Integer(), status: t.Literal('pending'), features: t.Array(t.String()) })

export const StartedExportResponse = Envelope(StartedExport)
export const ExportStatusResponse = Envelope(t.Nullable(ExportJob))

/** The archive of GET /v1/export/{id}/download (documented only; the handler returns a raw Response). */
export const ExportArchiveBytes = t.Any({ description: 'the ZIP archive (application/zip), streamed from disk' })

/** docs/api/export.md §2: the features to export; the 422 repeats the field's message as its own. */
export const StartExportBody = rules({
  features: f.any().nullable().check(featureList, { type: 'array', minItems: 1 })
    .describe(`absent or null: every supported feature; otherwise names from ${[...SUPPORTED_FEATURES, ...SKIPPED_FEATURES].join(', ')}`),
})
