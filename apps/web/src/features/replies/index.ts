export { ReplyLabelChip } from './components/reply-label-chip';
export { LABEL_COLORS } from './components/reply-label-menu';
export { LatestReplyLabel } from './components/latest-reply-label';
export { repliesKeys } from './api/replies-keys';
export { TemperatureBadge } from './components/temperature-badge';
export { useLiveReplyLabels } from './hooks/use-live-reply-labels';
export { ReplyActionUndo } from './components/reply-action-undo';
export { ReplyActionsScreen } from './components/reply-actions-screen';
