import { t } from 'elysia'
import { Type } from '@sinclair/typebox'
import { Envelope } from '../../lib/http/schemas'
import { f, rules } from '../../lib/validation'
import { IMPORT_LIMITS } from './limits'
import { FOREIGN_FORMATS } from './formats'

/**
 * POST /v1/import: the file as the multipart part `file` — by default the export ZIP (`mode=replace` overwrites
 * existing check-in dates), or another app's file with its `format`, an optional `mapping` and `dry_run`.
 */
export const StartImportBody = rules({
  file: f.any().required().raw().check((v, a) => v instanceof Blob && v.size > 0 ? undefined : `The ${a} field is required.`, {
    type: 'string', format: 'binary', description: `the ZIP of GET /api/v1/export/{id}/download, at most ${IMPORT_LIMITS.compressedBytes / 1048576} MiB`,
  }),
  mode: f.string().oneOf(['replace'] as const).describe('replace: an imported check-in overwrites the values of an existing date'),
  settings: f.string().oneOf(['include'] as const)
    .describe("include: the archive's settings and profile image replace the account's; without it they stay as they are"),
  format: f.string().oneOf(['daybook', ...FOREIGN_FORMATS] as const)
    .describe('daybook (the default): an export of daybook; daylio-csv, daylio-backup (.daylio), loop-csv (Loop Habit Tracker\'s CSV ZIP)'),
  mapping: f.string().max(1_000_000).describe('another app\'s file: JSON {moods, activities, scales, habits} (docs/api/import.md); left out: the defaults'),
  dry_run: f.string().oneOf(['true', 'false'] as const).describe('true: report what the file holds and every refused row, write nothing (another app\'s file)'),
})

const STATUS = t.Union([t.Literal('pending'), t.Literal('in-progress'), t.Literal('completed'), t.Literal('failed')])
const KindCounts = t.Object({ imported: Type.Integer(), skipped: Type.Integer(), refused: Type.Integer(), refused_why: t.Array(t.String()) })

export const ImportJob = t.Object({
  id: Type.Integer(),
  status: STATUS,
  mode: t.Union([t.Literal('merge'), t.Literal('replace')]),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  size_bytes: Type.Integer(),
  created_at: t.String(),
  started_at: t.Nullable(t.String()),
  completed_at: t.Nullable(t.String()),
  counts: t.Nullable(t.Record(t.String(), KindCounts, { description: 'per kind, once completed' })),
  error: t.Nullable(t.String()),
  with_settings: t.Boolean({ description: "whether the archive's settings and profile image were asked for" }),
})

export const StartedImport = t.Object({
  id: Type.Integer(), status: t.Literal('pending'), mode: t.Union([t.Literal('merge'), t.Literal('replace')]), with_settings: t.Boolean(),
})
export const StartedImportResponse = Envelope(StartedImport)

const Target = t.Object({ to: t.String(), name: t.Optional(t.String()) })
const Named = { name: t.String(), count: Type.Integer() }
/** The dry run of another app's file: what it holds, what the mapping makes of it, and the refused rows. */
export const ImportFindings = t.Object({
  format: t.String(),
  rows: Type.Integer(),
  days: Type.Integer(),
  date_range: t.Nullable(t.Object({ from: t.String(), to: t.String() })),
  moods: t.Array(t.Object({ ...Named, value: t.Nullable(Type.Integer()), mapped: t.Boolean() })),
  activities: t.Array(t.Object({ ...Named, group: t.Nullable(t.String()), target: Target })),
  scales: t.Array(t.Object({ ...Named, target: Target })),
  habits: t.Array(t.Object({ ...Named, target: Target, left_out: t.Nullable(t.String()) })),
  refused_rows: Type.Integer({ description: 'how many rows were refused' }),
  refused: t.Array(t.Object({ line: Type.Integer(), why: t.String() }), { description: 'the refused rows, the first 1000' }),
})
export const ImportFindingsResponse = Envelope(ImportFindings)
export const ImportStatusResponse = Envelope(t.Nullable(ImportJob))
