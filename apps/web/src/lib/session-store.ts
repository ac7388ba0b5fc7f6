import { create } from 'zustand';
import { STORAGE_KEYS } from '../config/storage-keys';
import { readStored, writeStored } from './storage';

type SessionTokens = { token: string | null; oldToken: string | null };

function readTokens(): SessionTokens {
  return { token: readStored(STORAGE_KEYS.token), oldToken: readStored(STORAGE_KEYS.oldToken) };
}

/** The bearer tokens, mirrored in localStorage so a reload keeps the session. */
export const useSessionStore = create<SessionTokens>(() => readTokens());

function setTokens(next: SessionTokens): void {
  writeStored(STORAGE_KEYS.token, next.token);
  writeStored(STORAGE_KEYS.oldToken, next.oldToken);
  useSessionStore.setState(next, true);
}

export function getToken(): string | null {
  return useSessionStore.getState().token;
}

export function getOldToken(): string | null {
  return useSessionStore.getState().oldToken;
}

export function setSessionToken(token: string): void {
  setTokens({ token, oldToken: getOldToken() });
}

/** Staff open someone else's session; their own token is kept to switch back later. */
export function beginImpersonation(token: string): void {
  const { token: current, oldToken } = useSessionStore.getState();
  setTokens({ token, oldToken: oldToken ?? current });
}

/** Returns the impersonated token that was dropped, or null when nobody was impersonated. */
export function endImpersonation(): string | null {
  const { token, oldToken } = useSessionStore.getState();
  if (!oldToken) return null;
  setTokens({ token: oldToken, oldToken: null });
  return token;
}

export function clearSessionTokens(): void {
  setTokens({ token: null, oldToken: null });
}

/** Re-reads localStorage (tests and other tabs change it behind the store's back). */
export function reloadSessionFromStorage(): void {
  useSessionStore.setState(readTokens(), true);
}
