export { ListsPage } from './components/lists-page';
export { ListDetailPage } from './components/list-detail-page';
export { listsKeys } from './api/lists-keys';
