export { ExportScreen } from './components/export-screen';
