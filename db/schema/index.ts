export * from './documentos.ts';
export * from './ordenanzas.ts';
export * from './sitio.ts';
export * from './decretos.ts';
