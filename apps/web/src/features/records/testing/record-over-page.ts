import { screen, within } from '@testing-library/react';
import type { ItemDto, MemberDto, MessageDto, SectionDto, TaskDto } from '@prospector/core';
import { buildItem, buildMember, buildStatus, buildUser } from '../../../test/factories';
import { mockApi, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

export const RECORD_ID = '33333333-3333-4333-8333-333333333333';
// The record modal is a lazy chunk: on a loaded 2-core machine its first load took over 3 s.
const LOAD = { timeout: 15_000 };

type RecordOverPage = {
  custom?: Record<string, string>;
  /** Changes to Jane Doe's record itself (its phones, its links, its status). */
  item?: Partial<ItemDto>;
  tasks?: TaskDto[];
  members?: MemberDto[];
  messages?: MessageDto[];
  sections?: SectionDto[];
  routes?: Record<string, FakeRoute>;
};

/** Ann's workspace with Jane Doe's record (a contact) opened over a page, as `?record=` opens it. */
export function renderRecordOverPage({
  custom = {},
  item: changes = {},
  tasks = [],
  members = [buildMember()],
  messages = [],
  sections = [],
  routes = {},
}: RecordOverPage) {
  const item = buildItem({ _id: RECORD_ID, custom, ...changes });
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: buildUser() } },
    'GET /api/teams/members': { status: 200, body: { members } },
    'POST /api/dashboard/get': {
      status: 200,
      body: { filterBy: null, columns: [{ status: buildStatus(), count: 0, items: [] }] },
    },
    [`GET /api/items/${RECORD_ID}`]: { status: 200, body: { item, messages, tasks, sections } },
    'GET /api/replies/labels': { status: 200, body: { labels: [] } },
    'PATCH /api/items/update': { status: 200, body: { item } },
    ...routes,
  });
  return renderApp(`/billing?record=${RECORD_ID}`, { token: 'token-ann' });
}

/** The record's dialog, once its chunk and its data have loaded. */
export async function findRecord() {
  return within(await screen.findByRole('dialog', { name: /Jane Doe/ }, LOAD));
}
