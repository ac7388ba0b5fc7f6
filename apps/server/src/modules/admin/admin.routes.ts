import {
  adminAddCredits,
  confirmSecondFactorSetup,
  createTeam,
  getAdminPanel,
  getAuditLog,
  getSecondFactor,
  hijack,
  pauseTeamCampaigns,
  startSecondFactorSetup,
  suspendTeam,
  switchToUser,
  verifySecondFactor,
} from '@prospector/core';
import type { FastifyInstance } from 'fastify';
import { unwrap } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/** Every route here is `staff: true` in its contract: the guard admits only staff with a fresh second factor. */
export async function adminRoutes(app: FastifyInstance) {
  const { admin, adminPanel, secondFactor } = app.services;
  route(app, getSecondFactor, async ({ auth }) => secondFactor.status(auth));
  route(app, startSecondFactorSetup, async ({ auth, client }) =>
    unwrap(await secondFactor.startSetup(auth, client)),
  );
  route(app, confirmSecondFactorSetup, async ({ body, auth, client }) =>
    unwrap(await secondFactor.confirmSetup(auth, body.code, client)),
  );
  route(app, verifySecondFactor, async ({ body, auth, client }) =>
    unwrap(await secondFactor.verify(auth, body.code, client)),
  );
  route(app, getAdminPanel, async ({ query }) => adminPanel.panel(query));
  route(app, getAuditLog, async ({ query }) => adminPanel.auditLog(query));
  route(app, suspendTeam, async ({ body, auth, client }) =>
    unwrap(await admin.toggleSuspension(auth, body, client)),
  );
  route(app, pauseTeamCampaigns, async ({ body, auth, client }) =>
    unwrap(await admin.pauseCampaigns(auth, body.teamId, client)),
  );
  route(app, createTeam, async ({ body, auth, client }) =>
    unwrap(await admin.createTeam(auth, body.email, client)),
  );
  route(app, hijack, async ({ body, auth, client }) => unwrap(await admin.hijack(auth, body.name, client)));
  route(app, switchToUser, async ({ body, auth, client }) =>
    unwrap(await admin.switchToUser(auth, body.teamId, client)),
  );
  route(app, adminAddCredits, async ({ body, auth, client }) =>
    unwrap(await admin.addCredits(auth, body, client)),
  );
}
