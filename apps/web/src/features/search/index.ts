export { SearchButton } from './components/search-button';
