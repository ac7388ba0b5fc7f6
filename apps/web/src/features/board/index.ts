export { BoardView } from './components/board-view';
export { MemberFilter } from './components/member-filter';
export { boardFilterFor } from './hooks/board-filter';
export { useBoardStatuses } from './api/get-dashboard';
export { boardKeys } from './api/board-keys';
