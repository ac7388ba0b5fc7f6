export { RecordModal, type RecordModalProps } from './components/record-modal';
export { recordKeys } from './api/records-keys';
