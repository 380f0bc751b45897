// A domain module queries only the tables it owns; another module's data comes through that module's
// exported functions (docs/decisions/043-tablas-y-formatos.md). The owners come from each
// domain/<módulo>/module.json ("tables"); a table a module only joins in its reads is declared in
// "reads" and can never be written there; "writes" lists the other modules' tables a module still
// writes itself, a list to empty by moving those writes into their owners.
const ESCRITURAS = new Set(['insert', 'update', 'delete']);

/** @type {import('eslint').Rule.RuleModule} */
export const tablasPropias = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          modulo: { type: 'string' },
          tables: { type: 'array', items: { type: 'string' } },
          reads: { type: 'array', items: { type: 'string' } },
          writes: { type: 'array', items: { type: 'string' } },
          duenos: { type: 'object', additionalProperties: { type: 'string' } },
        },
        required: ['modulo', 'duenos'],
        additionalProperties: false,
      },
    ],
    messages: {
      ajena:
        'domain/{{modulo}} no consulta la tabla {{tabla}} de domain/{{dueno}}: usá las funciones que exporta domain/{{dueno}} (o declarala en "reads" de domain/{{modulo}}/module.json si sólo la une en una lectura).',
      escritura: 'domain/{{modulo}} no escribe la tabla {{tabla}} de domain/{{dueno}}: usá los comandos de domain/{{dueno}}.',
      todo: 'Importá las tablas por nombre: domain/{{modulo}} consulta sólo las suyas (domain/{{modulo}}/module.json).',
    },
  },
  create(context) {
    const { modulo, tables = [], reads = [], writes = [], duenos } = context.options[0];
    return {
      ImportDeclaration(node) {
        if (!/^#db\/schema(\/|$)/.test(node.source.value) || node.importKind === 'type') return;
        for (const especificador of node.specifiers) {
          if (especificador.type === 'ImportNamespaceSpecifier') {
            context.report({ node: especificador, messageId: 'todo', data: { modulo } });
            continue;
          }
          if (especificador.type !== 'ImportSpecifier' || especificador.importKind === 'type') continue;
          const tabla = especificador.imported.type === 'Identifier' ? especificador.imported.name : especificador.imported.value;
          const dueno = duenos[tabla];
          if (dueno === undefined || dueno === modulo || tables.includes(tabla) || writes.includes(tabla)) continue;
          const datos = { modulo, tabla, dueno };
          if (!reads.includes(tabla)) {
            context.report({ node: especificador, messageId: 'ajena', data: datos });
            continue;
          }
          // Declared as read: any insert/update/delete of it is still refused.
          for (const variable of context.sourceCode.getDeclaredVariables(especificador)) {
            for (const referencia of variable.references) {
              const id = referencia.identifier;
              const llamada = id.parent;
              if (
                llamada?.type === 'CallExpression' &&
                llamada.arguments[0] === id &&
                llamada.callee.type === 'MemberExpression' &&
                llamada.callee.property.type === 'Identifier' &&
                ESCRITURAS.has(llamada.callee.property.name)
              ) {
                context.report({ node: id, messageId: 'escritura', data: datos });
              }
            }
          }
        }
      },
    };
  },
};
