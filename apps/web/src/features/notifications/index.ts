export { NotificationsButton } from './components/notifications-button';
export { notificationsKeys } from './api/notifications-keys';
export { useUnreadNotifications } from './api/get-notifications';
