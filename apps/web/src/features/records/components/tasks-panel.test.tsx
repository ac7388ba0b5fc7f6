import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultTaskDue } from '@prospector/core';
import { buildTask, buildUser } from '../../../test/factories';
import { requestsTo, type FakeRoute } from '../../../test/fake-api';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// The Tasks panel of a record (spec part 1 §4, §5): adding a task, and what it says when there is none.

const TEAM_ZONE = buildUser().team.timezone!;
const added: FakeRoute = ({ body }) => {
  const { task } = body as { task: { text: string; due: string } };
  return {
    status: 200,
    body: { task: buildTask({ _id: '99999999-9999-4999-8999-999999999999', dataId: RECORD_ID, ...task }) },
  };
};

function setUp(routes: Record<string, FakeRoute> = {}) {
  return renderRecordOverPage({ routes: { 'POST /api/tasks/add': added, ...routes } });
}

async function findTasks() {
  const record = await findRecord();
  return within(record.getByRole('region', { name: 'Tasks' }));
}

describe("a record's Tasks panel", () => {
  it("adds the typed task, due in 14 days at the start of the team's day, and empties the box", async () => {
    const { user } = setUp();
    const tasks = await findTasks();
    const box = tasks.getByRole('textbox', { name: 'New task' });

    await user.type(box, '  Send the offer  ');
    await user.click(tasks.getByRole('button', { name: 'Add task' }));

    expect(await tasks.findByDisplayValue('Send the offer')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(requestsTo('POST', '/api/tasks/add')[0]?.body).toEqual({
      task: { text: 'Send the offer', due: defaultTaskDue(new Date(), TEAM_ZONE).toISOString() },
      dataId: RECORD_ID,
      dataType: 'contact',
    });
  });

  it('adds nothing when the task is only spaces', async () => {
    const { user } = setUp();
    const tasks = await findTasks();

    await user.type(tasks.getByRole('textbox', { name: 'New task' }), '   {Enter}');

    expect(tasks.getByText('No open tasks.')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/tasks/add')).toHaveLength(0);
  });

  it('says there are no open tasks, and no tasks at all once completed ones are shown too', async () => {
    const { user } = setUp({ [`GET /api/tasks/${RECORD_ID}`]: { status: 200, body: { tasks: [] } } });
    const tasks = await findTasks();
    expect(tasks.getByText('No open tasks.')).toBeInTheDocument();

    await user.click(tasks.getByRole('switch', { name: 'Hide completed' }));

    expect(await tasks.findByText('No tasks yet.')).toBeInTheDocument();
    expect(tasks.queryByText('No open tasks.')).not.toBeInTheDocument();
  });
});
