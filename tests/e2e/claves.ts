/** Passwords the end-to-end tests type: the log check (registro.teardown.ts) looks for each one. */
export const CLAVE_INVITADA = 'Quetrihue-Bosque-Arrayanes-7';
