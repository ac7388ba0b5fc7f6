import { can, maySeeSection, sectionsProblem, type DataSection, type RecordType } from '@prospector/core';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { Clock } from '../../lib/clock.js';
import { fail, ok, type Result } from '../../lib/result.js';
import type { Realtime } from '../../plugins/realtime.js';
import { findSections } from '../records/index.js';
import { defaultSections } from './data-fields.defaults.js';
import type { DataFieldsErrorCode } from './data-fields.errors.js';
import * as q from './data-fields.queries.js';

type EntitySections = { type: RecordType; sections: DataSection[] };
const ENTITIES: RecordType[] = ['contact', 'property', 'company'];
type R<T> = Promise<Result<T, DataFieldsErrorCode>>;

export type DataFieldsService = ReturnType<typeof createDataFieldsService>;

// Names are stored trimmed, so the record modal and the import screen show what was meant. A built-in
// section is never limited to members (ADR 031): its list of members is dropped.
const trimmed = (sections: DataSection[]): DataSection[] =>
  sections.map((s) => ({
    ...s,
    users: s.system ? [] : s.users,
    name: s.name.trim(),
    fields: s.fields.map((f) => ({ ...f, name: f.name.trim(), options: f.options.map((o) => o.trim()) })),
  }));

/** Settings > Data Fields: each entity's sections and custom fields, saved whole. */
export function createDataFieldsService(deps: { db: Db; clock: Clock; realtime: () => Realtime }) {
  const { db, clock } = deps;

  return {
    /** A new team gets the system section of each entity, in the transaction that creates it. */
    async seedTeam(tx: Db, teamId: string) {
      for (const entity of ENTITIES)
        await q.insertSections(tx, teamId, entity, defaultSections(entity), clock.now());
    },

    /**
     * Every team member may read them (the record modal and the import screen show them), except the
     * sections limited to other members (ADR 031); a Data Fields editor gets them all.
     */
    async get(auth: AuthContext, type: RecordType): R<EntitySections> {
      const viewer = { id: auth.userId, role: auth.user.role, permissions: auth.user.permissions };
      const sections = await findSections(db, auth.teamId, type);
      return ok({ type, sections: sections.filter((s) => maySeeSection(viewer, s)) });
    },

    /** Replaces the entity's sections after the rule check; nothing changes when a rule is broken. */
    async update(auth: AuthContext, type: RecordType, sections: DataSection[]): R<EntitySections> {
      if (!can(auth.user, 'dataFields')) return fail('PERMISSION_REQUIRED');
      const [before, memberIds] = await Promise.all([
        findSections(db, auth.teamId, type),
        q.listMemberIds(db, auth.teamId),
      ]);
      const after = trimmed(sections);
      const problem = sectionsProblem(before, after, memberIds);
      if (problem) return fail('SECTIONS_INVALID', problem);
      await q.saveSections(db, auth.teamId, type, after, clock.now());
      deps.realtime().toTeam(auth.teamId, 'sectionsChanged', { type });
      return ok({ type, sections: after });
    },
  };
}
