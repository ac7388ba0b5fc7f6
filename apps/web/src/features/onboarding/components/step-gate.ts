import { createContext, useContext, useEffect } from 'react';

/** What NEXT runs on a step: null lets the user on, a text says what is missing. May save first. */
export type StepGate = () => Promise<string | null> | string | null;

export const StepGateContext = createContext<(gate: StepGate | null) => void>(() => {});

/** A step's gate, read by the flow's NEXT button. */
export function useStepGate(gate: StepGate) {
  const register = useContext(StepGateContext);
  useEffect(() => {
    register(gate);
    return () => register(null);
  });
}

/** The message of a failed call (the server's words), for the step to show. */
export function problemOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong!';
}
