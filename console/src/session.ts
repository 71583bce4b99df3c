import { createContext, useContext } from 'react';
import type { ConsoleSession } from './api';

export const SessionContext = createContext<ConsoleSession | undefined>(undefined);

/** Whether the session's token carries `scope`: what the console shows and enables follows from it. */
export function useScope(scope: string): boolean {
  return useContext(SessionContext)?.scopes.includes(scope) ?? false;
}

/** Whether the session's token carries every one of `scopes`. */
export function useScopes(...scopes: string[]): boolean {
  const held = useContext(SessionContext)?.scopes ?? [];
  return scopes.every((scope) => held.includes(scope));
}
