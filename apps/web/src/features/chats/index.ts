export { ChatsButton } from './components/chats-button';
export { chatsKeys } from './api/chats-keys';
