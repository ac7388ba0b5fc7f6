import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

const hour = z.number().int().min(0).max(24).nullable();
const contactHours = z.object({ startHour: hour, endHour: hour });

/** The team's own texting and calling hours (null: the law's), in each contact's time. */
export const getContactHours = defineEndpoint({
  method: 'GET',
  path: '/api/users/contactHours',
  auth: true,
  response: contactHours,
});

/**
 * Makes the team's texting and calling hours stricter than the law's (issue 32 item 3); hours looser
 * than the federal 8:00–21:00, or an end not after the start, are refused with the reason. Admin only.
 */
export const changeContactHours = defineEndpoint({
  method: 'PATCH',
  path: '/api/users/changeContactHours',
  auth: true,
  body: contactHours,
  response: contactHours,
});
