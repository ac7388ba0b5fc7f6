export { LoginForm, type LoginFormMode } from './components/login-form';
export { useMe, meQueryOptions } from './api/get-me';
export { useLogout } from './api/logout';
export { useHijack } from './api/hijack';
export { useSwitchToUser } from './api/switch-to-user';
export { useSwitchBack } from './hooks/use-switch-back';
export { authKeys } from './api/auth-keys';
