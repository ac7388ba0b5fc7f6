export { TeamSettingsPanel } from './components/team-settings-panel';
export type { TeamSettings } from './components/types';
