import { isIP } from 'node:net';

/**
 * The key every per-address limit counts by (docs/architecture.md, "Dirección del
 * cliente"): an IPv4 address as itself, an IPv4 address mapped into IPv6 (::ffff:a.b.c.d) as that
 * IPv4 address, and an IPv6 address by its /64, the block one household or phone usually holds,
 * written expanded and in lowercase (`2001:0db8:0000:0001::/64`) so every spelling of the same
 * block gives the same key. A zone id (`fe80::1%eth0`) is dropped. Anything that is not an address
 * is returned trimmed, so it still counts as one key of its own.
 */
export function addressKey(direccion: string): string {
  const limpia = direccion.trim();
  const sinZona = limpia.split('%')[0] ?? '';
  const familia = isIP(sinZona);
  if (familia === 4) return sinZona;
  if (familia !== 6) return limpia;
  const grupos = gruposIpv6(sinZona);
  const mapeada = grupos.slice(0, 5).every((g) => g === 0) && grupos[5] === 0xffff;
  if (mapeada) return [grupos[6]! >> 8, grupos[6]! & 0xff, grupos[7]! >> 8, grupos[7]! & 0xff].join('.');
  return `${grupos
    .slice(0, 4)
    .map((g) => g.toString(16).padStart(4, '0'))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 counts as two). */
function gruposIpv6(direccion: string): number[] {
  const aGrupos = (parte: string): number[] => {
    if (parte === '') return [];
    return parte.split(':').flatMap((g) => {
      if (!g.includes('.')) return [Number.parseInt(g, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const [izquierda = '', derecha] = direccion.split('::');
  const antes = aGrupos(izquierda);
  if (derecha === undefined) return antes;
  const despues = aGrupos(derecha);
  return [...antes, ...Array<number>(8 - antes.length - despues.length).fill(0), ...despues];
}
