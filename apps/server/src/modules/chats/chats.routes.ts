import {
  CHAT_IMAGE_PATH,
  CHAT_IMAGE_SIZES,
  MAX_CHAT_IMAGE_BYTES,
  getChat,
  getChatRecordCards,
  getMissedChatMessages,
  getSupportInbox,
  listChats,
  markChatRead,
  sendChatMessage,
  sendChatMessageJson,
} from '@prospector/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, unwrap } from '../../lib/errors.js';
import { readImageForm } from '../../lib/image-form.js';
import { bearerToken, route } from '../../lib/route.js';

const UUID = z.uuid();

/** The send form as sent: the `img` part (its first 10 MB, and whether more came) and the text fields. */
async function readSendForm(req: FastifyRequest) {
  const { image, fields } = await readImageForm(req, MAX_CHAT_IMAGE_BYTES);
  const parsed = sendChatMessageJson.safeParse({
    chatId: fields['chatId'],
    body: fields['body'] ?? '',
    mentions: (fields['mentions'] ?? '').split(',').filter(Boolean),
  });
  if (!parsed.success) throw new DomainError('VALIDATION');
  return { ...parsed.data, image, fileId: fields['fileId'] ?? null };
}

/**
 * Chats (registered after @fastify/multipart): the list, a chat's history, sending (a multipart form
 * with an image, or JSON for text alone), read marks, the reconnect catch-up, the staff's support
 * inbox, record cards, and the images, served to the chat's readers only.
 */
export async function chatsRoutes(app: FastifyInstance) {
  const chats = app.services.chats;

  route(app, listChats, async ({ auth }) => chats.list(auth));
  route(app, getSupportInbox, async ({ auth }) => ({ chats: await chats.supportInbox(auth) }));
  route(app, getChat, async ({ auth, params, query }) =>
    unwrap(await chats.get(auth, params.id, query.before)),
  );
  route(app, sendChatMessage, async ({ auth, req }) => {
    const input = req.isMultipart()
      ? await readSendForm(req)
      : (() => {
          const parsed = sendChatMessageJson.safeParse(req.body);
          if (!parsed.success) throw new DomainError('VALIDATION');
          return { ...parsed.data, image: null, fileId: null };
        })();
    const message = unwrap(
      await chats.send(auth, {
        chatId: input.chatId,
        body: input.body,
        image: input.image,
        mentions: (input.mentions ?? []).filter((m) => UUID.safeParse(m).success),
      }),
    );
    return { message, fileId: input.fileId?.slice(0, 100) ?? null };
  });
  route(app, markChatRead, async ({ auth, body }) =>
    unwrap(await chats.markRead(auth, body.chatId, body.seq)),
  );
  route(app, getMissedChatMessages, async ({ auth, body }) => chats.missed(auth, body.since));
  route(app, getChatRecordCards, async ({ auth, body }) => ({
    cards: await chats.cards(auth, body.itemIds),
  }));

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: CHAT_IMAGE_PATH,
    schema: { params: z.object({ id: z.uuid(), size: z.enum(CHAT_IMAGE_SIZES) }) },
    onRequest: async (req) => {
      const auth = await app.services.auth.authenticate(bearerToken(req));
      if (!auth) throw new DomainError('UNAUTHENTICATED');
      req.auth = auth;
    },
    handler: async (req, reply) => {
      const found = unwrap(await chats.openImage(req.auth!, req.params.id, req.params.size));
      return reply
        .type(found.contentType)
        .header('content-length', found.size)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(found.stream);
    },
  });
}
