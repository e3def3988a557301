import { t } from 'elysia'
import { Envelope } from '../../lib/http/schemas'
import { f, rules } from '../../lib/validation'
import { IMPORT_LIMITS } from './limits'

/** POST /v1/import: the export ZIP as the multipart part `file`; `mode=replace` overwrites existing check-in dates. */
export const StartImportBody = rules({
  file: f.any().required().raw().check((v, a) => v instanceof Blob && v.size > 0 ? undefined : `The ${a} field is required.`, {
    type: 'string', format: 'binary', description: `the ZIP of GET /api/v1/export/{id}/download, at most ${IMPORT_LIMITS.compressedBytes / 1048576} MiB`,
  }),
  mode: f.string().oneOf(['replace'] as const).describe('replace: an imported check-in overwrites the values of an existing date'),
  settings: f.string().oneOf(['include'] as const)
    .describe("include: the archive's settings and profile image replace the account's; without it they stay as they are"),
})

const STATUS = t.Union([t.Literal('pending'), t.Literal('in-progress'), t.Literal('completed'), t.Literal('failed')])
const KindCounts = t.Object({ imported: t.Integer(), skipped: t.Integer(), refused: t.Integer(), refused_why: t.Array(t.String()) })

export const ImportJob = t.Object({
  id: t.Integer(),
  status: STATUS,
  mode: t.Union([t.Literal('merge'), t.Literal('replace')]),
  progress: t.Integer({ minimum: 0, maximum: 100 }),
  size_bytes: t.Integer(),
  created_at: t.String(),
  started_at: t.Nullable(t.String()),
  completed_at: t.Nullable(t.String()),
  counts: t.Nullable(t.Record(t.String(), KindCounts, { description: 'per kind, once completed' })),
  error: t.Nullable(t.String()),
  with_settings: t.Boolean({ description: "whether the archive's settings and profile image were asked for" }),
})

export const StartedImport = t.Object({
  id: t.Integer(), status: t.Literal('pending'), mode: t.Union([t.Literal('merge'), t.Literal('replace')]), with_settings: t.Boolean(),
})
export const StartedImportResponse = Envelope(StartedImport)
export const ImportStatusResponse = Envelope(t.Nullable(ImportJob))
