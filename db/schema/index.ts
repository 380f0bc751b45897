export * from './documentos.ts';
export * from './ordenanzas.ts';
export * from './sitio.ts';
export * from './decretos.ts';
export * from './gobierno.ts';
