import http from 'node:http';

/**
 * Requests in flight when a server is told to close (docs/decisions/028-cierre-ordenado.md): each
 * on a connection of its own, as a proxy or a browser would send them. A POST may keep the second
 * half of its body until `soltar()`: it is then certainly accepted and unanswered when the signal
 * comes, and finished while the server closes. The outcome says whether the answer arrived whole
 * or the connection was cut (a reset, a hang-up, an answer cut short).
 */

export type Resultado = {
  metodo: string;
  ruta: string;
  /** Undefined when no answer came. */
  status: number | undefined;
  /** The answer arrived whole: status, headers and the full body. */
  completa: boolean;
  /** What went wrong, if anything: ECONNRESET, socket hang up, aborted. */
  error: string | undefined;
  cuerpo: string;
  /** The answer's Connection header. */
  conexion: string | undefined;
};

export type PedidoEnVuelo = {
  /** Resolves once the connection is open and what is sent before `soltar()` was written. */
  enviado: Promise<void>;
  /** Sends the rest of a held body (nothing for a request sent whole). */
  soltar(): void;
  resultado: Promise<Resultado>;
};

export function pedirEnVuelo(port: number, pedido: { metodo?: string; ruta: string; cuerpo?: string; retener?: boolean }): PedidoEnVuelo {
  const metodo = pedido.metodo ?? (pedido.cuerpo === undefined ? 'GET' : 'POST');
  const cuerpo = pedido.cuerpo === undefined ? undefined : Buffer.from(pedido.cuerpo);
  const mitad = cuerpo ? Math.floor(cuerpo.length / 2) : 0;
  let avisarEnviado: () => void = () => {};
  const enviado = new Promise<void>((resolve) => (avisarEnviado = resolve));
  let soltado = false;
  let listo = false;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: metodo,
    path: pedido.ruta,
    agent: false,
    headers: cuerpo ? { 'content-type': 'application/json', 'content-length': cuerpo.length } : {},
  });
  const enviarResto = () => {
    if (cuerpo) request.end(cuerpo.subarray(mitad));
    else request.end();
  };
  const resultado = new Promise<Resultado>((resolve) => {
    const fin = (parcial: Partial<Resultado>) =>
      resolve({ metodo, ruta: pedido.ruta, status: undefined, completa: false, error: undefined, cuerpo: '', conexion: undefined, ...parcial });
    request.on('error', (error: NodeJS.ErrnoException) => fin({ error: error.code ?? error.message }));
    request.on('response', (res) => {
      const trozos: Buffer[] = [];
      res.on('data', (trozo: Buffer) => trozos.push(trozo));
      res.on('error', (error: NodeJS.ErrnoException) => fin({ status: res.statusCode, error: error.code ?? error.message }));
      res.on('aborted', () => fin({ status: res.statusCode, error: 'aborted' }));
      res.on('end', () =>
        fin({
          status: res.statusCode,
          completa: res.complete,
          error: res.complete ? undefined : 'incompleta',
          cuerpo: Buffer.concat(trozos).toString(),
          conexion: res.headers.connection,
        }),
      );
    });
  });
  request.on('socket', (socket) => {
    socket.once('connect', () => {
      request.flushHeaders();
      if (cuerpo) request.write(cuerpo.subarray(0, mitad));
      listo = true;
      if (soltado || !pedido.retener) enviarResto();
      // The bytes are handed to the kernel: on loopback they are at the server's socket.
      setImmediate(avisarEnviado);
    });
  });
  request.on('error', () => avisarEnviado());
  return {
    enviado,
    soltar() {
      if (soltado) return;
      soltado = true;
      if (listo && pedido.retener) enviarResto();
    },
    resultado,
  };
}

/** What went wrong among `resultados`: each one that did not get a whole answer, for an assertion's message. */
export const fallidos = (resultados: Resultado[]) =>
  resultados.filter((r) => !r.completa).map((r) => `${r.metodo} ${r.ruta}: ${r.status ?? '-'} ${r.error ?? ''}`);
