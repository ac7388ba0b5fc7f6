export { ReplyLabelChip, LABEL_COLORS } from './components/reply-label-chip';
export { repliesKeys } from './api/replies-keys';
