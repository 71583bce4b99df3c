import { createContext, useContext } from 'react';
import type { ConsoleSession } from './api';

export const SessionContext = createContext<ConsoleSession | undefined>(undefined);

/** Whether the session's token carries `scope`: what the console shows and enables follows from it. */
export function useScope(scope: string): boolean {
  return useContext(SessionContext)?.scopes.includes(scope) ?? false;
}
