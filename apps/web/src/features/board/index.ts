export { BoardView } from './components/board-view';
export { MemberFilter } from './components/member-filter';

export { useBoardStatuses } from './api/get-dashboard';
export { boardKeys } from './api/board-keys';
export { BoardCardExtra } from './components/board-card';
