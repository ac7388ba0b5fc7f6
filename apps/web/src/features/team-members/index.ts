export { TeamScreen, type TeamViewer } from './components/team-screen';
