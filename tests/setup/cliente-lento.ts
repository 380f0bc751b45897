import net from 'node:net';

/** Opens a connection, writes `chunks` with pauses, and resolves with what the server answered and when it closed. */
export function slowClient(port: number, chunks: string[], pauseMs: number): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, ms: Date.now() - started });
    });
    const send = (i: number) => {
      if (i >= chunks.length || socket.destroyed) return;
      socket.write(chunks[i]!);
      timer = setTimeout(() => send(i + 1), pauseMs);
    };
    socket.on('connect', () => send(0));
  });
}

export const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
export const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);
