import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../providers/mail/index.js';
import type { AffiliatesService } from '../affiliates/index.js';
import type { AuditService } from '../audit/index.js';
import type { TeamsService } from '../teams/index.js';
import type { SessionCache } from './session-cache.js';

/** What the auth services are built from (the plugin gives it). */
export type AuthDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  secret: string;
  ipLimits: { shortWindowMax: number; dayWindowMax: number };
  teams: TeamsService;
  audit: AuditService;
  affiliates: Pick<AffiliatesService, 'attributeSignup'>;
  /** Verified tokens, kept in step with every change to what they were read from. */
  sessionCache: SessionCache;
};
