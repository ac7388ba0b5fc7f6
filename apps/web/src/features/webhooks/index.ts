export { WebhooksPanel } from './components/webhooks-panel';
