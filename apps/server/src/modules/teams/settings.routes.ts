import {
  boarded,
  changeContactHours,
  changeCountry,
  changePpgl,
  editTeamProfile,
  getContactHours,
  searchTimeZoneCities,
  updateSubUsers,
  updateTimezone,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { searchZoneCities } from './zone-cities.js';

/** Settings > Other: time zone, daily texting limit, company name and sub-users; finishing onboarding. */
export async function settingsRoutes(app: FastifyInstance) {
  const { settings } = app.services;
  route(app, updateTimezone, async ({ auth, body }) =>
    unwrap(await settings.updateTimezone(auth, body.timezone.value)),
  );
  // Anyone signed in picks a zone (onboarding, Settings > Other); the list is public knowledge.
  route(app, searchTimeZoneCities, async ({ query }) => ({ cities: await searchZoneCities(query.q) }));
  route(app, changeCountry, async ({ auth, body }) =>
    unwrap(await settings.changeCountry(auth, body.country)),
  );
  route(app, changePpgl, async ({ auth, body }) => unwrap(await settings.changePpgl(auth, body.ppgl)));
  route(app, editTeamProfile, async ({ auth, body }) => unwrap(await settings.editProfile(auth, body.name)));
  route(app, updateSubUsers, async ({ auth, body }) =>
    unwrap(await settings.updateSubUsers(auth, body.subUsers)),
  );
  route(app, getContactHours, async ({ auth }) => unwrap(await settings.contactHours(auth)));
  route(app, changeContactHours, async ({ auth, body }) =>
    unwrap(await settings.changeContactHours(auth, body)),
  );
  route(app, boarded, async ({ auth }) => unwrap(await settings.boarded(auth)));
}
