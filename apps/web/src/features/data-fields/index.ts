export { DataFieldsScreen } from './components/data-fields-screen';
export { dataFieldsKeys } from './api/data-fields-keys';
