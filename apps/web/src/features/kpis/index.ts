export { KpisPage } from './components/kpis-page';
