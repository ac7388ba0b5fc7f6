import type { QueryClient } from '@tanstack/react-query';
import type { ItemDto, MessageDto, TaskDto } from '@prospector/core';
import type { RecordData } from './get-item';
import { recordKeys } from './records-keys';

type AllTasks = { tasks: TaskDto[] };

/** The record as cached now, after stopping any fetch that would overwrite an optimistic edit. */
export async function snapshotRecord(queryClient: QueryClient, id: string) {
  await queryClient.cancelQueries({ queryKey: recordKeys.detail(id) });
  return queryClient.getQueryData<RecordData>(recordKeys.detail(id));
}

export function setRecord(queryClient: QueryClient, id: string, data: RecordData | undefined) {
  queryClient.setQueryData<RecordData>(recordKeys.detail(id), data);
}

export function patchRecord(queryClient: QueryClient, id: string, patch: (r: RecordData) => RecordData) {
  queryClient.setQueryData<RecordData>(recordKeys.detail(id), (r) => (r ? patch(r) : r));
}

export function patchItem(queryClient: QueryClient, id: string, patch: (item: ItemDto) => ItemDto) {
  patchRecord(queryClient, id, (r) => ({ ...r, item: patch(r.item) }));
}

/** The server's answer replaces the item; the thread, tasks and sections stay. */
export function replaceItem(queryClient: QueryClient, item: ItemDto) {
  patchRecord(queryClient, item._id, (r) => ({ ...r, item }));
}

export type TasksSnapshot = { record: RecordData | undefined; all: AllTasks | undefined };

/** Tasks live in two caches: the record's open tasks and, once loaded, all of its tasks. */
export async function snapshotTasks(queryClient: QueryClient, itemId: string): Promise<TasksSnapshot> {
  await queryClient.cancelQueries({ queryKey: recordKeys.tasks(itemId) });
  return {
    record: await snapshotRecord(queryClient, itemId),
    all: queryClient.getQueryData<AllTasks>(recordKeys.tasks(itemId)),
  };
}

export function restoreTasks(queryClient: QueryClient, itemId: string, snapshot: TasksSnapshot) {
  setRecord(queryClient, itemId, snapshot.record);
  queryClient.setQueryData(recordKeys.tasks(itemId), snapshot.all);
}

export function updateTasks(
  queryClient: QueryClient,
  itemId: string,
  update: (tasks: TaskDto[]) => TaskDto[],
) {
  patchRecord(queryClient, itemId, (r) => ({ ...r, tasks: update(r.tasks) }));
  queryClient.setQueryData<AllTasks>(recordKeys.tasks(itemId), (all) =>
    all ? { tasks: update(all.tasks) } : all,
  );
}

export function patchTask(queryClient: QueryClient, itemId: string, taskId: string, patch: Partial<TaskDto>) {
  updateTasks(queryClient, itemId, (tasks) => tasks.map((t) => (t._id === taskId ? { ...t, ...patch } : t)));
}

/** Ids of texts shown before the server has answered (an optimistic send). */
const PLACEHOLDER_PREFIX = 'pending-';
let placeholderCount = 0;

export function placeholderId(): string {
  placeholderCount += 1;
  return `${PLACEHOLDER_PREFIX}${placeholderCount}`;
}

function isPlaceholder(message: MessageDto): boolean {
  return message._id.startsWith(PLACEHOLDER_PREFIX);
}

/**
 * A message joins the thread once. The sender gets it twice (the send's answer and `messageAdded`,
 * in either order): the first takes the place of the placeholder shown while sending, the second is
 * ignored, so a status that arrived in between is kept.
 */
export function addMessage(
  queryClient: QueryClient,
  itemId: string,
  message: MessageDto,
  placeholder?: string,
) {
  patchRecord(queryClient, itemId, (r) => {
    if (r.messages.some((m) => m._id === message._id)) {
      return placeholder ? { ...r, messages: r.messages.filter((m) => m._id !== placeholder) } : r;
    }
    const replaced =
      r.messages.find((m) => m._id === placeholder) ??
      (message.direction === 'out' && !message.comment
        ? r.messages.find((m) => isPlaceholder(m) && m.body === message.body && m.phone === message.phone)
        : undefined);
    const messages = replaced
      ? r.messages.map((m) => (m === replaced ? message : m))
      : [...r.messages, message];
    return { ...r, messages };
  });
}

export function removeMessage(queryClient: QueryClient, itemId: string, messageId: string) {
  patchRecord(queryClient, itemId, (r) => ({
    ...r,
    messages: r.messages.filter((m) => m._id !== messageId),
  }));
}

export function patchMessage(
  queryClient: QueryClient,
  itemId: string,
  messageId: string,
  patch: Partial<MessageDto>,
) {
  patchRecord(queryClient, itemId, (r) =>
    r.messages.some((m) => m._id === messageId)
      ? { ...r, messages: r.messages.map((m) => (m._id === messageId ? { ...m, ...patch } : m)) }
      : r,
  );
}
