export { MessengerScreen } from './components/messenger-screen';
export type { MessengerSlots } from './components/inbox-row';
export { useInboxUnread } from './api/get-inbox-unread';
export { messengerKeys } from './api/messenger-keys';
export { canChooseOwner } from './hooks/use-inbox-filters';
export { useLiveInbox } from './hooks/use-live-inbox';
