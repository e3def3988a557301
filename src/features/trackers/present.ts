import { iso } from '../../lib/clock'
import type { ActivityRow, SportRow, TrackerRow } from './schema'

/** docs/api/trackers.md §1 */
export function presentTracker(row: TrackerRow) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    emoji: row.emoji,
    position: row.position,
    min: row.min,
    max: row.max,
    min_label: row.minLabel,
    max_label: row.maxLabel,
    unit: row.unit,
    decimals: row.decimals,
    archived: row.archived,
    shared: row.shared,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }
}

/** docs/api/trackers.md §4 */
export function presentActivity(row: ActivityRow) {
  return {
    id: row.id,
    name: row.name,
    group: row.groupName,
    position: row.position,
    archived: row.archived,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }
}

/** docs/api/trackers.md §7 — one of the person's own sports. */
export function presentSport(row: SportRow) {
  return {
    id: row.id,
    name: row.name,
    emoji: row.emoji,
    builtin: false,
    offered: !row.archived,
    position: row.position,
    archived: row.archived,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }
}
