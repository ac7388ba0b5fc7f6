export { SuspensionPage } from './components/suspension-page';
