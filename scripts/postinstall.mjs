// After `npm install`: npm runs on whatever Node the machine has, and on one older than 24 it warns
// (EBADENGINE) that this project and some of its packages want Node 22 or 24. Say once, plainly,
// why that is expected: the project installs Node 24 itself (the `node` package) and every npm
// script runs on it. Plain JavaScript: this may run before Node 24 is in place.
const agente = process.env.npm_config_user_agent ?? '';
const version = /node\/v(\d+)\.\d+\.\d+/.exec(agente);
if (version && Number(version[1]) < 24) {
  console.log(
    [
      '',
      `Aviso: npm corre con Node ${version[0].slice(6)}, y por eso mostró advertencias EBADENGINE (paquetes que piden Node 22 o 24).`,
      'Son esperables: el proyecto instala su propio Node 24 (paquete "node") y npm start, npm test y los demás scripts lo usan.',
      'No hace falta instalar nada más.',
      '',
    ].join('\n'),
  );
}
