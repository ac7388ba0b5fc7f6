export { SmsTemplatesScreen } from './components/sms-templates-screen';
export { SubtemplatesScreen } from './components/subtemplates-screen';
export { QuickRepliesScreen } from './components/quick-replies-screen';
export { QuickReplyPicker } from './components/quick-reply-picker';
export { templatesKeys } from './api/templates-keys';
export { useLiveTemplates } from './hooks/use-live-templates';
