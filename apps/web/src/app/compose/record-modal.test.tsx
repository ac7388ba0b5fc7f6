import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type ItemSummary } from '@prospector/core';
import {
  buildDevice,
  buildIdentifier,
  buildMessage,
  buildItem,
  buildMember,
  buildStatus,
  buildTask,
  buildUser,
} from '../../test/factories';
import { DEFAULT_CONFIG, mockApi, requestsTo, type FakeReply, type FakeRoute } from '../../test/fake-api';
import { latestSocket } from '../../test/fake-socket';
import { renderApp } from '../../test/render-app';

const ITEM_ID = '33333333-3333-4333-8333-333333333333';
const MEMBERS = [
  buildMember(),
  buildMember({ _id: '44444444-4444-4444-8444-444444444444', name: 'Bob Stone', role: 'member' }),
];
// The record modal is a lazy chunk: on a loaded 2-core machine its first load took over 3 s.
const LOAD = { timeout: 15_000 };

function setUp(
  routes: Record<string, FakeRoute> = {},
  item = buildItem({ _id: ITEM_ID }),
  viewer = buildUser(),
) {
  mockApi({
    'GET /api/users/me': { status: 200, body: { user: viewer } },
    'GET /api/teams/members': { status: 200, body: { members: MEMBERS } },
    'POST /api/dashboard/get': {
      status: 200,
      body: {
        filterBy: null,
        columns: [
          { status: buildStatus({ _id: 's-new', text: 'New lead' }), count: 0, items: [] },
          { status: buildStatus({ _id: 's-hot', text: 'Hot' }), count: 0, items: [] },
        ],
      },
    },
    [`GET /api/items/${ITEM_ID}`]: { status: 200, body: { item, messages: [], tasks: [], sections: [] } },
    // A property's record asks whether it can be skip traced.
    [`GET /api/properties/skiptrace/${ITEM_ID}`]: {
      status: 200,
      body: { hasPhones: true, prices: { single: 0.06, multi: 0.05 }, demo: false },
    },
    // The thread asks for its received texts' labels (issue 31).
    'GET /api/replies/labels': { status: 200, body: { labels: [] } },
    ...routes,
  });
  return renderApp(`/billing?record=${ITEM_ID}`, { token: 'token-ann' });
}

async function openRecord() {
  const dialog = await screen.findByRole('dialog', { name: /Jane Doe/ }, LOAD);
  return within(dialog);
}

describe('record detail', () => {
  it('fetches the record only 500 ms after it opens', async () => {
    setUp();
    await screen.findByRole('dialog');
    expect(requestsTo('GET', `/api/items/${ITEM_ID}`)).toHaveLength(0);

    await openRecord();
    expect(requestsTo('GET', `/api/items/${ITEM_ID}`)).toHaveLength(1);
  });

  it('clears the status when the current one is picked again', async () => {
    const { user } = setUp(
      { 'PATCH /api/items/changeStatus': { status: 200, body: { _id: ITEM_ID, status: null } } },
      buildItem({ _id: ITEM_ID, status: 'Hot' }),
    );
    const record = await openRecord();

    await user.click(record.getByRole('button', { name: 'Status: Hot' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hot' }));

    expect(await record.findByRole('button', { name: 'Status: No status' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requestsTo('PATCH', '/api/items/changeStatus')[0]?.body).toEqual({
        dataId: ITEM_ID,
        prevStatus: 'Hot',
      }),
    );
  });

  it('refuses a status to a lead without a primary phone or e-mail, without a call', async () => {
    const { user } = setUp({}, buildItem({ _id: ITEM_ID, idts: [buildIdentifier({ primary: false })] }));
    const record = await openRecord();

    await user.click(record.getByRole('button', { name: 'Status: No status' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hot' }));

    expect(await screen.findByText(messages.records.statusNeedsPrimary)).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/items/changeStatus')).toHaveLength(0);
  });

  it('says an invalid replacement phone is invalid and sends nothing', async () => {
    const { user } = setUp();
    const record = await openRecord();

    await user.type(record.getByRole('textbox', { name: 'Replacement phone or e-mail' }), '12345');
    await user.click(record.getByRole('button', { name: 'Add phone or e-mail' }));

    expect(await record.findByText(messages.records.invalidPhone)).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/items/addIdt')).toHaveLength(0);
  });

  it('adds a valid replacement phone in E.164', async () => {
    const updated = buildItem({
      _id: ITEM_ID,
      idts: [buildIdentifier(), buildIdentifier({ _id: 'idt-2', value: '+19164567891', primary: false })],
    });
    const { user } = setUp({ 'PATCH /api/items/addIdt': { status: 200, body: { item: updated } } });
    const record = await openRecord();

    await user.type(record.getByRole('textbox', { name: 'Replacement phone or e-mail' }), '(916) 456-7891');
    await user.click(record.getByRole('button', { name: 'Add phone or e-mail' }));

    expect(await record.findByText('(916) 456-7891')).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/items/addIdt')[0]?.body).toEqual({
      itemId: ITEM_ID,
      value: '+19164567891',
    });
  });

  it('sends a comment on Enter and adds a line on Shift+Enter', async () => {
    const { user } = setUp({
      'POST /api/messages/add': ({ body }) => ({
        status: 200,
        body: {
          message: {
            _id: 'msg-9',
            itemId: ITEM_ID,
            body: (body as { body: string }).body,
            direction: 'out',
            phone: null,
            sentFrom: null,
            sender: { _id: 'user-1', name: 'Ann Walker', avatar: null },
            comment: true,
            isIM: false,
            status: null,
            system: false,
            due: null,
            file: null,
            vmUrl: null,
            createdAt: '2026-01-05T10:00:00.000Z',
          },
        },
      }),
    });
    const record = await openRecord();
    const input = record.getByRole('textbox', { name: 'Comment' });

    await user.type(input, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(requestsTo('POST', '/api/messages/add')).toHaveLength(0);
    expect(input).toHaveValue('First line\nsecond line');

    await user.keyboard('{Enter}');

    await waitFor(() => expect(input).toHaveValue(''));
    expect(requestsTo('POST', '/api/messages/add')[0]?.body).toMatchObject({
      body: 'First line\nsecond line',
      dataId: ITEM_ID,
      dataType: 'contact',
      mentions: [],
    });
    expect(record.getByRole('log', { name: 'Thread' })).toHaveTextContent('second line');
  });

  it('sends the id of a member mentioned with @', async () => {
    const { user } = setUp({
      'POST /api/messages/add': { status: 500, body: { code: 'X', message: 'Not saved.' } },
    });
    const record = await openRecord();
    const input = record.getByRole('textbox', { name: 'Comment' });

    await user.type(input, 'Please call her @bo');
    expect(await screen.findByRole('option', { name: /Bob Stone/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Please call her @Bob Stone ');
    expect(requestsTo('POST', '/api/messages/add')).toHaveLength(0);
    await user.type(input, 'today{Enter}');

    await waitFor(() => expect(requestsTo('POST', '/api/messages/add')).toHaveLength(1));
    expect(requestsTo('POST', '/api/messages/add')[0]?.body).toMatchObject({
      body: 'Please call her @Bob Stone today',
      mentions: [MEMBERS[1]!._id],
    });
  });

  it('loads every task, completed ones too, when Hide completed is turned off', async () => {
    const open = buildTask({ _id: 'task-1', dataId: ITEM_ID, text: 'Call back' });
    const done = buildTask({ _id: 'task-2', dataId: ITEM_ID, text: 'Send the offer', completed: true });
    const { user } = setUp({
      [`GET /api/items/${ITEM_ID}`]: {
        status: 200,
        body: { item: buildItem({ _id: ITEM_ID }), messages: [], tasks: [open], sections: [] },
      },
      [`GET /api/tasks/${ITEM_ID}`]: { status: 200, body: { tasks: [open, done] } },
    });
    const record = await openRecord();
    const tasks = within(record.getByRole('region', { name: 'Tasks' }));
    expect(tasks.getByDisplayValue('Call back')).toBeInTheDocument();
    expect(tasks.queryByDisplayValue('Send the offer')).not.toBeInTheDocument();

    await user.click(tasks.getByRole('switch', { name: 'Hide completed' }));

    expect(await tasks.findByDisplayValue('Send the offer')).toBeInTheDocument();
    expect(requestsTo('GET', `/api/tasks/${ITEM_ID}`)).toHaveLength(1);
  });

  it('does not show a task whose text is empty', async () => {
    setUp({
      [`GET /api/items/${ITEM_ID}`]: {
        status: 200,
        body: {
          item: buildItem({ _id: ITEM_ID }),
          messages: [],
          tasks: [buildTask({ _id: 'task-1', text: '  ' }), buildTask({ _id: 'task-2', text: 'Visit' })],
          sections: [],
        },
      },
    });
    const record = await openRecord();

    expect(
      within(record.getByRole('region', { name: 'Tasks' })).getAllByRole('textbox', { name: 'Task text' }),
    ).toHaveLength(1);
  });

  it('only announces the Email tab as coming soon and stays on Comment', async () => {
    const { user } = setUp();
    const record = await openRecord();

    await user.click(record.getByRole('tab', { name: 'Email' }));

    expect(await screen.findByText(messages.shell.comingSoon)).toBeInTheDocument();
    expect(record.getByRole('tab', { name: 'Comment' })).toHaveAttribute('aria-selected', 'true');
    expect(record.getByRole('textbox', { name: 'Comment' })).toBeInTheDocument();
  });

  it('has no SMS tab for a member without the sms permission, who still reads the texts', async () => {
    const member = buildUser({ role: 'member', permissions: ['messenger'], dataAccess: 'All data' });
    setUp(
      {
        [`GET /api/items/${ITEM_ID}`]: {
          status: 200,
          body: {
            item: buildItem({ _id: ITEM_ID }),
            messages: [buildMessage({ _id: 'm1', comment: false, direction: 'in', body: 'Who is this?' })],
            tasks: [],
            sections: [],
          },
        },
      },
      undefined,
      member,
    );
    const record = await openRecord();
    expect(record.getByRole('log', { name: 'Thread' })).toHaveTextContent('Who is this?');
    expect(record.getByRole('tab', { name: 'Comment' })).toBeInTheDocument();
    expect(record.queryByRole('tab', { name: 'SMS' })).not.toBeInTheDocument();
  });

  it('says over the SMS box, before anything is written, that a suspended team sends nothing', async () => {
    const suspended = buildUser({
      team: { suspension: { reason: 'Spam complaints', since: '2026-11-28T10:00:00.000Z' } },
    });
    const { user } = setUp({}, undefined, suspended);
    const record = await openRecord();
    await user.click(record.getByRole('tab', { name: 'SMS' }));
    expect(record.getByText(messages.admin.suspendedComposerNote)).toBeInTheDocument();
  });

  it('closes only the Assign list on Escape, and the record stays open', async () => {
    const { user } = setUp();
    const record = await openRecord();

    await user.click(record.getByRole('button', { name: 'Assign to members' }));
    await screen.findByRole('checkbox', { name: 'Bob Stone' });
    await waitFor(() =>
      expect(document.activeElement?.closest('[role="dialog"]')).toHaveTextContent('Bob Stone'),
    );
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Bob Stone' })).toBeNull());
    expect(screen.getByRole('dialog', { name: /Jane Doe/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Jane Doe/ })).toBeNull());
  });

  it('leaves the record open when Escape closes the To list', async () => {
    const { user } = setUp();
    const record = await openRecord();
    await user.click(record.getByRole('tab', { name: 'SMS' }));

    record.getByRole('combobox', { name: 'To' }).focus();
    await user.keyboard('{Escape}');

    expect(screen.getByRole('dialog', { name: /Jane Doe/ })).toBeInTheDocument();
  });

  it('shows SMS history only, with the composer disabled, until a number is chosen', async () => {
    const { user } = setUp({
      [`GET /api/items/${ITEM_ID}`]: {
        status: 200,
        body: {
          item: buildItem({
            _id: ITEM_ID,
            idts: [
              buildIdentifier(),
              buildIdentifier({ _id: 'idt-2', value: '+19165550123', primary: false, status: 'DNC' }),
            ],
          }),
          messages: [
            buildMessage({
              _id: 'm1',
              comment: false,
              direction: 'in',
              phone: '+19164567890',
              body: 'Who is this?',
            }),
            buildMessage({ _id: 'm2', comment: false, direction: 'out', body: 'Hi Jane', status: 'failed' }),
          ],
          tasks: [],
          sections: [],
        },
      },
    });
    const record = await openRecord();

    await user.click(record.getByRole('tab', { name: 'SMS' }));

    // The primary number is chosen already; 'Select' leaves the history only.
    const to = record.getByRole('combobox', { name: 'To' });
    expect(to).toHaveValue('+19164567890');
    expect(record.getByRole('textbox', { name: 'SMS' })).toBeEnabled();
    expect(within(to).getByRole('option', { name: '(916) 555-0123 · DNC' })).toBeDisabled();
    const thread = record.getByRole('log', { name: 'Thread' });
    expect(thread).toHaveTextContent('Who is this?');
    expect(within(thread).getByText('failed')).toBeInTheDocument();

    await user.selectOptions(to, 'Select');
    expect(record.getByRole('textbox', { name: 'SMS' })).toBeDisabled();
  });

  it('texts the chosen number on Enter, shows the text queued at once and follows its status', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    // The server answers only when the test says so: the text must show before that.
    const { user } = setUp({
      'POST /api/messages/sendSms': () => new Promise<FakeReply>((resolve) => (answer = resolve)),
    });
    const record = await openRecord();
    await user.click(record.getByRole('tab', { name: 'SMS' }));
    await user.selectOptions(record.getByRole('combobox', { name: 'To' }), '+19164567890');

    const box = record.getByRole('textbox', { name: 'SMS' });
    await user.type(box, '   {Enter}');
    await user.type(box, 'Hi Jane,{Shift>}{Enter}{/Shift}are you selling?{Enter}');

    const thread = record.getByRole('log', { name: 'Thread' });
    expect(await within(thread).findByText(/are you selling\?/)).toBeInTheDocument();
    expect(within(thread).getByText('queued')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(requestsTo('POST', '/api/messages/sendSms')).toHaveLength(1);
    expect(requestsTo('POST', '/api/messages/sendSms')[0]?.body).toEqual({
      body: 'Hi Jane,\nare you selling?',
      dataId: ITEM_ID,
      dataType: 'contact',
      to: '+19164567890',
    });

    const sent = buildMessage({
      _id: 'sms-1',
      itemId: ITEM_ID,
      comment: false,
      direction: 'out',
      phone: '+19164567890',
      sentFrom: '+19165550100',
      body: 'Hi Jane,\nare you selling?',
      status: 'queued',
    });
    act(() => latestSocket().serverEmit('messageAdded', { itemId: ITEM_ID, message: sent }));
    await act(async () => answer({ status: 200, body: { message: sent } }));
    act(() =>
      latestSocket().serverEmit('messageStatus', {
        itemId: ITEM_ID,
        messageId: 'sms-1',
        status: 'delivered',
      }),
    );

    expect(await within(thread).findByText('delivered')).toBeInTheDocument();
    expect(within(thread).queryByText('queued')).not.toBeInTheDocument();
    expect(within(thread).getAllByText(/are you selling\?/)).toHaveLength(1);
  });

  it('sends from the chosen device, and takes a refused text back into the box', async () => {
    const { user } = setUp({
      'GET /api/services/devices': {
        status: 200,
        body: { devices: [buildDevice({ _id: 'd-1', value: '+19165550100', connected: false })] },
      },
      'POST /api/messages/sendSms': {
        status: 404,
        body: { code: 'DEVICE_NOT_FOUND', message: messages.devices.deviceNotFound },
      },
    });
    const record = await openRecord();
    await user.click(record.getByRole('tab', { name: 'SMS' }));
    await user.selectOptions(record.getByRole('combobox', { name: 'To' }), '+19164567890');
    await user.selectOptions(record.getByRole('combobox', { name: 'From' }), '(916) 555-0100 · Disconnected');

    await user.type(record.getByRole('textbox', { name: 'SMS' }), 'Hello there{Enter}');

    expect(await screen.findByText(messages.devices.deviceNotFound)).toBeInTheDocument();
    await waitFor(() => expect(record.getByRole('textbox', { name: 'SMS' })).toHaveValue('Hello there'));
    expect(record.getByRole('log', { name: 'Thread' })).not.toHaveTextContent('Hello there');
    expect(requestsTo('POST', '/api/messages/sendSms')[0]?.body).toEqual({
      body: 'Hello there',
      dataId: ITEM_ID,
      dataType: 'contact',
      to: '+19164567890',
      from: '+19165550100',
    });
  });

  it('shows a text the contact sends as it arrives', async () => {
    const { user } = setUp();
    const record = await openRecord();
    await user.click(record.getByRole('tab', { name: 'SMS' }));

    act(() =>
      latestSocket().serverEmit('messageAdded', {
        itemId: ITEM_ID,
        message: buildMessage({
          _id: 'in-1',
          itemId: ITEM_ID,
          comment: false,
          direction: 'in',
          phone: '+19164567890',
          body: 'Yes, call me tomorrow',
          status: null,
        }),
      }),
    );

    const thread = record.getByRole('log', { name: 'Thread' });
    expect(await within(thread).findByText('Yes, call me tomorrow')).toBeInTheDocument();
    expect(thread).toHaveTextContent('SMS received from (916) 456-7890');
  });

  it("shows a reply's Undo when the label's event overtakes a labels fetch that read it before its actions", async () => {
    // The server stores a reply's label, then its actions in a transaction, then announces both. A
    // fetch of the labels that ran in between answers the label without its actions, and may land
    // after the announcement; the thread must still end with the actions' Undo.
    const label = {
      messageId: 'in-1',
      itemId: ITEM_ID,
      label: 'interested' as const,
      confidence: 0.93,
      needsLook: false,
      source: 'model' as const,
      action: null,
    };
    const acted = { ...label, action: { systemMessageId: 'sys-1', undone: false } };
    let answerFirst: (reply: FakeReply) => void = () => undefined;
    let calls = 0;
    const { user } = setUp({
      'GET /api/replies/labels': () => {
        calls += 1;
        if (calls > 1) return { status: 200, body: { labels: [acted] } };
        return new Promise<FakeReply>((resolve) => (answerFirst = resolve));
      },
    });
    const record = await openRecord();
    await user.click(record.getByRole('tab', { name: 'SMS' }));
    const inbound = buildMessage({
      _id: 'in-1',
      itemId: ITEM_ID,
      comment: false,
      direction: 'in',
      phone: '+19164567890',
      body: 'Is the offer still open?',
    });
    const system = buildMessage({
      _id: 'sys-1',
      itemId: ITEM_ID,
      comment: false,
      system: true,
      body: 'Read as Interested: status set to Hot.',
    });
    act(() => latestSocket().serverEmit('messageAdded', { itemId: ITEM_ID, message: inbound }));
    await waitFor(() => expect(calls).toBe(1));
    act(() => latestSocket().serverEmit('messageAdded', { itemId: ITEM_ID, message: system }));
    act(() => latestSocket().serverEmit('replyLabelled', { itemId: ITEM_ID, label: acted }));
    act(() => answerFirst({ status: 200, body: { labels: [label] } }));

    expect(
      await record.findByRole('button', { name: 'Undo the automatic actions' }, LOAD),
    ).toBeInTheDocument();
  });

  it('cancels a scheduled message while it is due in the future', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const { user } = setUp({
      [`GET /api/items/${ITEM_ID}`]: {
        status: 200,
        body: {
          item: buildItem({ _id: ITEM_ID }),
          messages: [
            buildMessage({ _id: 'm-past', system: true, comment: false, due: past, body: 'Sent earlier' }),
            buildMessage({
              _id: 'm-next',
              system: true,
              comment: false,
              due: future,
              body: 'Follow-up SMS scheduled',
            }),
          ],
          tasks: [],
          sections: [],
        },
      },
      'POST /api/services/deschedule': { status: 200, body: { ok: true } },
    });
    const record = await openRecord();
    expect(record.getAllByRole('button', { name: 'Cancel' })).toHaveLength(1);

    await user.click(record.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(record.queryByText('Follow-up SMS scheduled')).not.toBeInTheDocument());
    expect(requestsTo('POST', '/api/services/deschedule')[0]?.body).toEqual({
      dataId: ITEM_ID,
      msgId: 'm-next',
    });
  });

  it('shows a Number field with thousands separators and saves what is typed as a number', async () => {
    const price = {
      _id: 'f-price',
      name: 'Asking price',
      type: 'Number' as const,
      options: [],
      config: {},
      system: false,
    };
    const item = buildItem({ _id: ITEM_ID, custom: { 'f-price': 1250000 } });
    const { user } = setUp({
      [`GET /api/items/${ITEM_ID}`]: {
        status: 200,
        body: {
          item,
          messages: [],
          tasks: [],
          sections: [{ _id: 's1', name: 'Deal', hidden: false, users: [], system: false, fields: [price] }],
        },
      },
      'PATCH /api/items/update': {
        status: 200,
        body: { item: { ...item, custom: { 'f-price': 300000 } } },
      },
    });
    const record = await openRecord();
    const input = record.getByRole('textbox', { name: 'Asking price' });
    expect(input).toHaveValue('1,250,000');

    await user.clear(input);
    await user.type(input, '300000{Enter}');

    await waitFor(() => expect(input).toHaveValue('300,000'));
    expect(requestsTo('PATCH', '/api/items/update')[0]?.body).toEqual({
      fieldId: 'f-price',
      itemId: ITEM_ID,
      data: 300000,
      type: 'contact',
    });
  });

  describe('a property', () => {
    const PROPERTY = buildItem({
      _id: ITEM_ID,
      type: 'property',
      idts: [],
      data: { Address: '12 Oak St', City: 'Sacramento', State: 'CA', Zip: '95814' },
    });
    const openProperty = async () => within(await screen.findByRole('dialog', { name: /12 Oak St/ }, LOAD));

    it('offers Skiptrace with its price when the property has no phones', async () => {
      setUp(
        {
          [`GET /api/properties/skiptrace/${ITEM_ID}`]: {
            status: 200,
            body: { hasPhones: false, prices: { single: 0.06, multi: 0.07 }, demo: true },
          },
        },
        PROPERTY,
      );
      const record = await openProperty();
      const panel = within(await record.findByRole('region', { name: 'Owner phones' }));
      expect(panel.getByRole('button', { name: 'Skiptrace $0.06' })).toBeInTheDocument();
      expect(panel.getByText('Demo data: fictional numbers')).toBeInTheDocument();
    });

    it('shows its address with a listing search link, and the street-view photo when maps are configured', async () => {
      setUp(
        {
          'GET /api/config': { status: 200, body: { ...DEFAULT_CONFIG, mapsConfigured: true } },
          'POST /api/properties/streetView': {
            status: 200,
            body: { image: 'data:image/jpeg;base64,/9j/2Q==' },
          },
          'POST /api/items/coordinates': { status: 200, body: { lat: 38.58, lng: -121.49 } },
          'POST /api/properties/mapImage': { status: 200, body: { image: 'data:image/png;base64,iVBO' } },
        },
        PROPERTY,
      );
      const record = await openProperty();
      const address = record.getByRole('region', { name: 'Address' });
      expect(within(address).getByText('Sacramento')).toBeInTheDocument();
      expect(within(address).getByRole('link', { name: /Search listings/ })).toHaveAttribute(
        'href',
        `https://www.zillow.com/homes/${encodeURIComponent('12 Oak St, Sacramento, CA 95814')}_rb/`,
      );
      expect(
        await within(address).findByRole('img', { name: 'Street view of 12 Oak St, Sacramento, CA 95814' }),
      ).toHaveAttribute('src', 'data:image/jpeg;base64,/9j/2Q==');
      expect(requestsTo('POST', '/api/properties/streetView')[0]?.body).toEqual({
        address: '12 Oak St, Sacramento, CA 95814',
      });
    });

    it('asks for no photo when the server has no maps service', async () => {
      setUp({}, PROPERTY);
      const record = await openProperty();
      expect(record.getByRole('region', { name: 'Address' })).toBeInTheDocument();
      expect(record.queryByRole('img', { name: /Street view/ })).not.toBeInTheDocument();
      expect(requestsTo('POST', '/api/properties/streetView')).toHaveLength(0);
    });
  });

  describe('adding linked records', () => {
    const PROPERTY = buildItem({
      _id: ITEM_ID,
      type: 'property',
      idts: [],
      data: { Address: '12 Oak St', City: 'Sacramento', State: 'CA', Zip: '95814' },
    });
    const openProperty = async () => within(await screen.findByRole('dialog', { name: /12 Oak St/ }, LOAD));

    it('refuses an invalid contact phone without a call', async () => {
      const { user } = setUp({}, PROPERTY);
      const record = await openProperty();
      await user.type(record.getByRole('textbox', { name: 'New contact phone' }), '12345{Enter}');
      expect(await record.findByText(messages.records.invalidPhone)).toBeInTheDocument();
      expect(requestsTo('PATCH', '/api/services/addAndMapData')).toHaveLength(0);
    });

    it('adds a contact by phone and shows it among the contacts', async () => {
      const updated = {
        ...PROPERTY,
        contacts: [
          {
            _id: '55555555-5555-4555-8555-555555555555',
            type: 'contact' as const,
            status: null,
            title: 'Unnamed contact',
            subtitle: '+19164567890',
          },
        ],
      };
      const { user } = setUp(
        {
          'PATCH /api/services/addAndMapData': {
            status: 200,
            body: { item: updated, linked: { _id: updated.contacts[0]!._id, existed: false } },
          },
        },
        PROPERTY,
      );
      const record = await openProperty();
      const input = record.getByRole('textbox', { name: 'New contact phone' });
      await user.type(input, '(916) 456-7890{Enter}');
      const contacts = record.getByRole('region', { name: 'Contacts' });
      expect(await within(contacts).findByText('Unnamed contact')).toBeInTheDocument();
      expect(input).toHaveValue('');
      expect(requestsTo('PATCH', '/api/services/addAndMapData')[0]?.body).toEqual({
        type: 'contact',
        idt: '(916) 456-7890',
        addedTo: ITEM_ID,
      });
      expect(await screen.findByText('Added a new contact: Unnamed contact')).toBeInTheDocument();
    });

    const TERRACE: ItemSummary = {
      _id: '66666666-6666-4666-8666-666666666666',
      type: 'property',
      status: null,
      title: '4877 Terrace Dr NE',
      subtitle: 'Seattle, WA',
    };
    const CONTACT = buildItem({ _id: ITEM_ID });
    const linkedTerrace = {
      status: 200,
      body: { item: { ...CONTACT, properties: [TERRACE] }, linked: { _id: TERRACE._id, existed: true } },
    };

    it("suggests the team's existing property as the address is typed, and links the one picked", async () => {
      const { user } = setUp(
        {
          'POST /api/services/search': { status: 200, body: { results: [TERRACE] } },
          'PATCH /api/services/addAndMapData': linkedTerrace,
        },
        CONTACT,
      );
      const record = await openRecord();
      await user.type(record.getByRole('textbox', { name: 'New property address' }), '4877 Terr');
      const suggestion = await record.findByRole('option', { name: '4877 Terrace Dr NE' }, LOAD);
      expect(within(suggestion).getByText('Seattle, WA')).toBeInTheDocument();
      expect(requestsTo('POST', '/api/services/search').at(-1)?.body).toEqual({
        text: '4877 Terr',
        type: 'property',
      });
      await user.click(suggestion);
      expect(
        await screen.findByText(
          messages.records.linkedExisting
            .replace('{type}', 'property')
            .replace('{title}', '4877 Terrace Dr NE'),
        ),
      ).toBeInTheDocument();
      expect(requestsTo('PATCH', '/api/services/addAndMapData')[0]?.body).toEqual({
        type: 'property',
        idt: '4877 Terrace Dr NE',
        existingId: TERRACE._id,
        addedTo: ITEM_ID,
      });
      const properties = record.getByRole('region', { name: 'Properties' });
      expect(within(properties).getByText('4877 Terrace Dr NE')).toBeInTheDocument();
    });

    it('says so when an address typed another way linked the existing property', async () => {
      const { user } = setUp(
        {
          'POST /api/services/search': { status: 200, body: { results: [] } },
          'PATCH /api/services/addAndMapData': linkedTerrace,
        },
        CONTACT,
      );
      const record = await openRecord();
      await user.type(
        record.getByRole('textbox', { name: 'New property address' }),
        '4877 terrace drive ne{Enter}',
      );
      expect(await screen.findByText('Linked the existing property: 4877 Terrace Dr NE')).toBeInTheDocument();
      expect(requestsTo('PATCH', '/api/services/addAndMapData')[0]?.body).toEqual({
        type: 'property',
        idt: '4877 terrace drive ne',
        addedTo: ITEM_ID,
      });
    });
  });

  describe("a contact's title", () => {
    const ACME: ItemSummary = {
      _id: '77777777-7777-4777-8777-777777777777',
      type: 'company',
      status: null,
      title: 'Acme Roofing LLC',
      subtitle: '',
    };
    it('is its company when it has no name, in the header and on its texts', async () => {
      const item = buildItem({ _id: ITEM_ID, data: {}, companies: [ACME] });
      const reply = buildMessage({ itemId: ITEM_ID, direction: 'in', comment: false, phone: '+19164567890' });
      setUp(
        {
          [`GET /api/items/${ITEM_ID}`]: {
            status: 200,
            body: { item, messages: [reply], tasks: [], sections: [] },
          },
        },
        item,
      );
      const record = within(await screen.findByRole('dialog', { name: /Acme Roofing LLC/ }, LOAD));
      const thread = record.getByRole('log');
      expect(within(thread).getByText('Acme Roofing LLC')).toBeInTheDocument();
    });
    it('is its primary phone, formatted, when it has neither a name nor a company', async () => {
      setUp({}, buildItem({ _id: ITEM_ID, data: {} }));
      expect(await screen.findByRole('dialog', { name: /\(916\) 456-7890/ }, LOAD)).toBeInTheDocument();
    });
  });

  it('pushes a contact to the CRM and then shows it as pushed', async () => {
    const { user } = setUp(
      { 'PATCH /api/services/pushToCrm': { status: 200, body: { _id: ITEM_ID, pushedToCrm: true } } },
      buildItem({ _id: ITEM_ID }),
      buildUser({ team: { crmPush: true } }),
    );
    const record = await openRecord();
    await user.click(record.getByRole('button', { name: messages.records.pushToCrm }));
    expect(await record.findByText(messages.records.pushedToCrm)).toBeInTheDocument();
    expect(requestsTo('PATCH', '/api/services/pushToCrm')[0]?.body).toEqual({ itemId: ITEM_ID });
  });

  it('offers no Push to CRM while the team has no push hook', async () => {
    setUp();
    const record = await openRecord();
    await record.findByText('Assign');
    expect(record.queryByRole('button', { name: messages.records.pushToCrm })).not.toBeInTheDocument();
  });
});
