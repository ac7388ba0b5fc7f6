export { StatusesScreen } from './components/statuses-screen';
export { statusesKeys } from './api/statuses-keys';
