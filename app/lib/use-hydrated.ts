import { useSyncExternalStore } from 'react';

function subscribe(): () => void {
  return () => {};
}

/**
 * False on the server and during hydration, true afterwards. Lets a component render the same
 * markup as the server first (no hydration mismatch), then add what only works with JavaScript,
 * such as aria-expanded on buttons that JavaScript controls.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
