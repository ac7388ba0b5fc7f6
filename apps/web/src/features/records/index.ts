export { RecordModal, type RecordModalProps } from './components/record-modal';
export { recordKeys } from './api/records-keys';
export type { SmsSender, SmsToolsSlot } from './components/sms-composer';
