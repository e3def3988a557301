import { Elysia } from 'elysia'
import type { Deps } from '../../lib/deps'
import { guard } from '../../lib/http/guard'
import { ok } from '../../lib/http/envelope'
import { API } from '../../lib/http/schemas'
import {
  ActivityEnvelope, ActivityList, CreateActivityBody, CreateSportBody, CreateTrackerBody, DefinitionDeleted, DefinitionParams, SportEnvelope, SportList,
  TrackerEnvelope, TrackerList, UpdateActivityBody, UpdateSportBody, UpdateTrackerBody,
} from './model'
import { createTracker, deleteTracker, listTrackers, updateTracker } from './trackers'
import { createActivity, deleteActivity, listActivities, updateActivity } from './activities'
import { createSport, deleteSport, listSports, updateSport } from './sports'

const tags = ['trackers']

/** docs/api/trackers.md — a person's own trackers, activities and sports. */
export function trackersRoutes(deps: Deps) {
  return new Elysia({ name: 'trackers', prefix: API })
    .use(guard(deps))
    .get('/trackers', async ({ actor }) => ok(deps.clock, 'Trackers retrieved successfully.', await listTrackers(deps, actor)),
      { auth: 'user', response: { 200: TrackerList }, detail: { tags, summary: 'List my trackers in their order (archived ones marked)' } })
    .post('/trackers', async ({ actor, body, set }) => {
      const tracker = await createTracker(deps, actor, body)
      set.status = 201
      return ok(deps.clock, 'Tracker created successfully.', tracker)
    }, { auth: 'user', parse: 'json', body: CreateTrackerBody.checkedByVerb, response: { 201: TrackerEnvelope }, detail: { tags, summary: 'Create a tracker' } })
    .patch('/trackers/:id', async ({ actor, params, body }) => ok(deps.clock, 'Tracker updated successfully.', await updateTracker(deps, actor, params.id, body)),
      { auth: 'user', parse: 'json', params: DefinitionParams, body: UpdateTrackerBody.checkedByVerb, response: { 200: TrackerEnvelope },
        detail: { tags, summary: 'Change a tracker (its kind stays)' } })
    .delete('/trackers/:id', async ({ actor, params }) => {
      await deleteTracker(deps, actor, params.id)
      return ok(deps.clock, 'Tracker deleted successfully.', null)
    }, { auth: 'user', params: DefinitionParams, response: { 200: DefinitionDeleted }, detail: { tags, summary: 'Delete a tracker and all its values' } })
    .get('/activities', async ({ actor }) => ok(deps.clock, 'Activities retrieved successfully.', await listActivities(deps, actor)),
      { auth: 'user', response: { 200: ActivityList }, detail: { tags, summary: 'List my activities in their order (archived ones marked)' } })
    .post('/activities', async ({ actor, body, set }) => {
      const activity = await createActivity(deps, actor, body)
      set.status = 201
      return ok(deps.clock, 'Activity created successfully.', activity)
    }, { auth: 'user', parse: 'json', body: CreateActivityBody.checkedByVerb, response: { 201: ActivityEnvelope }, detail: { tags, summary: 'Create an activity' } })
    .patch('/activities/:id', async ({ actor, params, body }) => ok(deps.clock, 'Activity updated successfully.', await updateActivity(deps, actor, params.id, body)),
      { auth: 'user', parse: 'json', params: DefinitionParams, body: UpdateActivityBody.checkedByVerb, response: { 200: ActivityEnvelope },
        detail: { tags, summary: 'Change an activity' } })
    .delete('/activities/:id', async ({ actor, params }) => {
      await deleteActivity(deps, actor, params.id)
      return ok(deps.clock, 'Activity deleted successfully.', null)
    }, { auth: 'user', params: DefinitionParams, response: { 200: DefinitionDeleted }, detail: { tags, summary: 'Delete an activity and its marks on every day' } })
    .get('/sports', async ({ actor }) => ok(deps.clock, 'Sports retrieved successfully.', await listSports(deps, actor)),
      { auth: 'user', response: { 200: SportList }, detail: { tags, summary: 'List my sports: the six built-in ones, then my own' } })
    .post('/sports', async ({ actor, body, set }) => {
      const sport = await createSport(deps, actor, body)
      set.status = 201
      return ok(deps.clock, 'Sport created successfully.', sport)
    }, { auth: 'user', parse: 'json', body: CreateSportBody.checkedByVerb, response: { 201: SportEnvelope }, detail: { tags, summary: 'Create a sport of my own' } })
    .patch('/sports/:id', async ({ actor, params, body }) => ok(deps.clock, 'Sport updated successfully.', await updateSport(deps, actor, params.id, body)),
      { auth: 'user', parse: 'json', params: DefinitionParams, body: UpdateSportBody.checkedByVerb, response: { 200: SportEnvelope },
        detail: { tags, summary: 'Change a sport of my own' } })
    .delete('/sports/:id', async ({ actor, params }) => {
      await deleteSport(deps, actor, params.id)
      return ok(deps.clock, 'Sport deleted successfully.', null)
    }, { auth: 'user', params: DefinitionParams, response: { 200: DefinitionDeleted }, detail: { tags, summary: 'Delete a sport of my own and take it off every day' } })
}
