export * from './sitio.ts';
