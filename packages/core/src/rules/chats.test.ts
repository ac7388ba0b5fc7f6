import { describe, expect, it } from 'vitest';
import {
  canSendChat,
  chatMentions,
  chatMessageProblem,
  chatPreview,
  directChatKey,
  memberPairs,
  MAX_CHAT_IMAGE_BYTES,
  recordLinksIn,
  showsChatWidget,
  sortSupportInbox,
  supportAlertDue,
  systemMessageText,
  unreadCount,
} from './chats.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

describe('chat rules', () => {
  it('previews the last message cut at 170 characters with an ellipsis, lines folded', () => {
    expect(chatPreview('Short\n\nnote')).toBe('Short note');
    const long = 'x'.repeat(200);
    expect(chatPreview(long)).toBe(`${'x'.repeat(170)}…`);
    expect(chatPreview('y'.repeat(170))).toBe('y'.repeat(170));
  });

  it('sends only with text or an image', () => {
    expect(canSendChat({ body: '  ', hasImage: false })).toBe(false);
    expect(canSendChat({ body: '', hasImage: true })).toBe(true);
    expect(canSendChat({ body: 'hi', hasImage: false })).toBe(true);
  });

  it('refuses a message without text or image, a file that is not an image by its bytes, and one too large', () => {
    expect(chatMessageProblem({ body: ' ', image: null })).toBe('Write a message or choose an image.');
    expect(
      chatMessageProblem({ body: '', image: new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0x2f, 0x3e]) }),
    ).toBe('Choose a PNG, JPEG, WebP or GIF image.');
    expect(chatMessageProblem({ body: '', image: PNG })).toBeNull();
    const big = new Uint8Array(MAX_CHAT_IMAGE_BYTES + 1);
    big.set(PNG);
    expect(chatMessageProblem({ body: '', image: big })).toBe('The image must be 10 MB or smaller.');
    expect(chatMessageProblem({ body: 'a'.repeat(4001), image: null })).toBe(
      'A message can be at most 4000 characters.',
    );
  });

  it('keys a direct chat the same whichever member opens it, and pairs every member once', () => {
    expect(directChatKey('b', 'a')).toBe(directChatKey('a', 'b'));
    expect(memberPairs(['c', 'a', 'b', 'a'])).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['b', 'c'],
    ]);
  });

  it('counts unread as the messages after the last read, never below zero', () => {
    expect(unreadCount(10, 7)).toBe(3);
    expect(unreadCount(3, 5)).toBe(0);
  });

  it('hides the widget for our internal team, except the staff', () => {
    expect(showsChatWidget({ isStaff: false, teamIsInternal: false })).toBe(true);
    expect(showsChatWidget({ isStaff: false, teamIsInternal: true })).toBe(false);
    expect(showsChatWidget({ isStaff: true, teamIsInternal: true })).toBe(true);
  });

  it('orders the support inbox unread first (most first), then newest', () => {
    const rows = [
      { id: 'read-new', notifCount: 0, updatedAt: '2026-11-02T00:00:00Z' },
      { id: 'one', notifCount: 1, updatedAt: '2026-11-01T00:00:00Z' },
      { id: 'three', notifCount: 3, updatedAt: '2026-10-01T00:00:00Z' },
      { id: 'read-old', notifCount: 0, updatedAt: '2026-10-02T00:00:00Z' },
    ];
    expect(sortSupportInbox(rows).map((r) => r.id)).toEqual(['three', 'one', 'read-new', 'read-old']);
  });

  it('alerts the staff once a support message waited the configured minutes, and only once', () => {
    const since = new Date('2026-11-01T10:00:00Z');
    expect(supportAlertDue(since, null, new Date('2026-11-01T10:09:59Z'), 10)).toBe(false);
    expect(supportAlertDue(since, null, new Date('2026-11-01T10:10:00Z'), 10)).toBe(true);
    expect(supportAlertDue(since, new Date(), new Date('2026-11-01T11:00:00Z'), 10)).toBe(false);
    expect(supportAlertDue(null, null, new Date(), 10)).toBe(false);
  });

  it('finds record links (?record=<id>) in a message, each once', () => {
    const id = '6f1c2b8e-3a4d-4e5f-9a0b-1c2d3e4f5a6b';
    expect(
      recordLinksIn(
        `see https://app.example.com/messenger?record=${id} and http://localhost:3000/?x=1&record=${id.toUpperCase()}`,
      ),
    ).toEqual([id]);
    expect(recordLinksIn('no links here, record=abc')).toEqual([]);
  });

  it('writes the joined and left notes with the member’s name', () => {
    expect(systemMessageText('joined', 'Nora')).toBe('Nora joined the team.');
    expect(systemMessageText('left', 'Nora')).toBe('Nora left the team.');
  });

  it('finds @mentions by full or first name, not inside an e-mail address', () => {
    const members = [
      { _id: 'o', name: 'Olly Only' },
      { _id: 'b', name: 'Bob Baker' },
      { _id: 'n', name: '' },
    ];
    expect(chatMentions('@olly can you call?', members)).toEqual(['o']);
    expect(chatMentions('Ask @Bob Baker and @Olly Only', members)).toEqual(['o', 'b']);
    expect(chatMentions('mail bob@bob.com or @Bobby', members)).toEqual([]);
  });
});
