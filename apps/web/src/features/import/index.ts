export { ImportScreen } from './components/import-screen';
export { ImportDncScreen } from './components/dnc-screen';
