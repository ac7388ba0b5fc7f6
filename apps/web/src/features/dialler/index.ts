export { DiallerScreen } from './components/dialler-screen';
