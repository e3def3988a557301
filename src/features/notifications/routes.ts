import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API, IntIdParam, NullEnvelope, PathParams } from '../../lib/http/schemas'
import {
  ChannelCreateBody, ChannelEnvelope, ChannelListEnvelope, ChannelUpdateBody, CreatedChannelEnvelope, SettingsBody,
  SettingsEnvelope, TestResultEnvelope,
} from './model'
import { getTimes, updateTimes } from './times'
import { createChannel, deleteChannel, listChannels, testChannel, updateChannel } from './channels'
import { reminderAnswerRoutes } from '../reminder-answers/routes'

const tags = ['notifications']
const params = PathParams({ id: IntIdParam })

/**
 * The notifications' API, and the public door the reminders' answers come in by (under its own prefix, so it is
 * mounted beside the prefixed routes rather than inside them).
 */
export function notificationsRoutes(deps: Deps) {
  return new Elysia({ name: 'notifications-and-answers' }).use(settingsAndChannelRoutes(deps)).use(reminderAnswerRoutes(deps))
}

/** Alert times, the day's start and the e-mail, ntfy and webhook channels of the signed-in user. */
function settingsAndChannelRoutes(deps: Deps) {
  return new Elysia({ name: 'notifications', prefix: `${API}/notifications` })
    .use(guard(deps))
    .get('/settings', ({ actor }) => ok(deps.clock, 'Notification settings retrieved successfully.', getTimes(deps, actor)), {
      auth: 'user', response: { 200: SettingsEnvelope }, detail: { tags, summary: 'Alert times and the start of the day' },
    })
    .put('/settings', ({ actor, body }) => ok(deps.clock, 'Notification settings updated successfully.', updateTimes(deps, actor, body)), {
      auth: 'user', parse: 'json', body: SettingsBody, response: { 200: SettingsEnvelope },
      detail: { tags, summary: 'Set alert times (HH:MM) and the start of the day (00:00–06:00); absent fields keep their value' },
    })
    .get('/channels', ({ actor }) => ok(deps.clock, 'Channels retrieved successfully.', listChannels(deps, actor)), {
      auth: 'user', response: { 200: ChannelListEnvelope }, detail: { tags, summary: 'The e-mail, ntfy and webhook channels, with why a stopped one stopped' },
    })
    .post('/channels', async ({ actor, body }) => ok(deps.clock, 'Channel created successfully.', await createChannel(deps, actor, body)), {
      auth: 'user', parse: 'json', body: ChannelCreateBody, response: { 200: CreatedChannelEnvelope },
      detail: { tags, summary: 'Add a channel; a webhook\'s signing secret is in this answer only; 409 when another of the user\'s channels has the same target' },
    })
    .put('/channels/:id', async ({ actor, body, params }) => ok(deps.clock, 'Channel updated successfully.', await updateChannel(deps, actor, params.id, body)), {
      auth: 'user', params, parse: 'json', body: ChannelUpdateBody, response: { 200: ChannelEnvelope },
      detail: { tags, summary: 'Choose the alerts sent to a channel, or move an ntfy or webhook channel to another URL (409 for one the user already has); also re-enables a stopped channel' },
    })
    .delete('/channels/:id', ({ actor, params }) => ok(deps.clock, 'Channel deleted successfully.', deleteChannel(deps, actor, params.id)), {
      auth: 'user', params, response: { 200: NullEnvelope }, detail: { tags, summary: 'Remove a channel' },
    })
    .post('/channels/:id/test', async ({ actor, params }) => ok(deps.clock, 'Test sent.', await testChannel(deps, actor, params.id)), {
      auth: 'user', params, response: { 200: TestResultEnvelope }, detail: { tags, summary: 'Send a test message to a channel now; for e-mail, whether the mail server took it or it was written to the outbox' },
    })
}
