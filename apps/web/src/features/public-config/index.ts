export { usePublicConfig } from './api/get-public-config';
