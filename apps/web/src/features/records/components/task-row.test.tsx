import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TaskDto } from '@prospector/core';
import { buildMember, buildTask } from '../../../test/factories';
import { requestsTo, type FakeReply, type FakeRoute } from '../../../test/fake-api';
import { findRecord, RECORD_ID, renderRecordOverPage } from '../testing/record-over-page';

// One task of a record (spec part 1 §4, §5): completed, edited in place and assigned, at once.

const TASK_ID = '88888888-8888-4888-8888-888888888888';
const BOB = buildMember({ _id: '44444444-4444-4444-8444-444444444444', name: 'Bob Stone', role: 'member' });
const task = (overrides: Partial<TaskDto> = {}) =>
  buildTask({ _id: TASK_ID, dataId: RECORD_ID, text: 'Call back', ...overrides });
const refused = { status: 409, body: { code: 'X', message: 'That task was deleted.' } };

function setUp(routes: Record<string, FakeRoute> = {}, shown = task()) {
  return renderRecordOverPage({ tasks: [shown], members: [buildMember(), BOB], routes });
}

async function findTask() {
  const record = await findRecord();
  return within(record.getByTestId('task'));
}

describe('a task of a record', () => {
  it('leaves the open tasks once completed, before the server answers, and the server is told', async () => {
    const { user } = setUp({ 'PATCH /api/tasks/completed': () => new Promise<FakeReply>(() => undefined) });
    const row = await findTask();

    await user.click(row.getByRole('checkbox', { name: 'Complete Call back' }));

    const record = await findRecord();
    await waitFor(() => expect(record.queryByTestId('task')).not.toBeInTheDocument());
    expect(record.getByText('No open tasks.')).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/tasks/completed')[0]?.body).toEqual({
      _id: TASK_ID,
      dataId: RECORD_ID,
      completed: true,
    });
  });

  it('comes back open, with the reason, when the server refuses to complete it', async () => {
    const { user } = setUp({ 'PATCH /api/tasks/completed': refused });
    const row = await findTask();

    await user.click(row.getByRole('checkbox', { name: 'Complete Call back' }));

    expect(await screen.findByText('That task was deleted.')).toBeInTheDocument();
    const record = await findRecord();
    expect(await record.findByRole('checkbox', { name: 'Complete Call back' })).not.toBeChecked();
  });

  it('saves its edited text once, not at every keystroke', async () => {
    const { user } = setUp({
      'PATCH /api/tasks/text': { status: 200, body: { task: task({ text: 'Call back today' }) } },
    });
    const row = await findTask();

    await user.type(row.getByRole('textbox', { name: 'Task text' }), ' today');
    await user.tab();

    await waitFor(() => expect(requestsTo('PATCH', '/api/tasks/text')).toHaveLength(1));
    expect(requestsTo('PATCH', '/api/tasks/text')[0]?.body).toEqual({
      _id: TASK_ID,
      dataId: RECORD_ID,
      text: 'Call back today',
    });
    expect(row.getByRole('textbox', { name: 'Task text' })).toHaveValue('Call back today');
  });

  it('gets its old text back when the server refuses the new one', async () => {
    const { user } = setUp({ 'PATCH /api/tasks/text': refused });
    const row = await findTask();
    const input = row.getByRole('textbox', { name: 'Task text' });

    await user.type(input, ' today');
    await user.tab();

    expect(await screen.findByText('That task was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue('Call back'));
  });

  it('is assigned to the member ticked in Assign task', async () => {
    const { user } = setUp({
      'PATCH /api/services/assign': { status: 200, body: { _id: TASK_ID, assignedTo: [BOB._id] } },
    });
    const row = await findTask();

    await user.click(row.getByRole('button', { name: 'Assign task' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Bob Stone' }));

    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Bob Stone' })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: 'Ann Walker' })).not.toBeChecked();
    expect(requestsTo('PATCH', '/api/services/assign')[0]?.body).toEqual({
      assignedId: BOB._id,
      dataId: TASK_ID,
      dataType: 'task',
    });
  });

  it('shows its due time in red once it is past', async () => {
    const past = new Date(Date.now() - 3_600_000).toISOString();
    setUp({}, task({ due: past }));
    const due = (await findTask()).getByRole('button', { name: 'Due date of Call back' });
    expect(due).toHaveStyle({ color: 'var(--mantine-color-red-7)' });
  });

  it('shows the due time of a done task in the ordinary colour, however late', async () => {
    const done = task({ due: new Date(Date.now() - 3_600_000).toISOString(), completed: true });
    const { user } = setUp(
      { [`GET /api/tasks/${RECORD_ID}`]: { status: 200, body: { tasks: [done] } } },
      done,
    );
    const record = await findRecord();
    await user.click(record.getByRole('switch', { name: 'Hide completed' }));

    const due = within(await record.findByTestId('task')).getByRole('button', {
      name: 'Due date of Call back',
    });
    expect(due).not.toHaveStyle({ color: 'var(--mantine-color-red-7)' });
  });
});
