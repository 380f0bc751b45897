#!/usr/bin/env bash
# `npm run imagen`: la imagen del sitio sin bajar nada de un registro de imágenes
# (docs/operacion.md, "Imagen de contenedor"). Un sistema Debian 12 mínimo armado con mmdebstrap
# desde los paquetes de Debian, el sitio compilado con sus node_modules de producción y el Node 24
# del proyecto, un usuario sin privilegios y la configuración de la imagen (buildah, sin RUN).
# Formato docker, porque el formato OCI no guarda HEALTHCHECK. Deja la imagen en el almacén de
# buildah/podman (municipalidad-vla:VERSIÓN y :latest) y en build/imagen/municipalidad-vla.tar
# (docker load -i). Necesita root, mmdebstrap y buildah (apt-get install -y mmdebstrap buildah).
#   ESPEJO=http://deb.debian.org/debian   espejo de Debian del que salen los paquetes
set -euo pipefail

sitio=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
readonly sitio
readonly nombre=municipalidad-vla
readonly destino=/opt/municipalidad-vla
readonly datos=/var/lib/municipalidad-vla
readonly uid=10001
readonly espejo=${ESPEJO:-http://deb.debian.org/debian}
# Lo que el sitio usa en tiempo de ejecución: las bibliotecas de C++ de Node, certificados para
# SMTP y S3, y pg_dump, pg_restore y zstd para los respaldos.
readonly paquetes=libstdc++6,libgcc-s1,ca-certificates,tzdata,postgresql-client-15,zstd

if [[ $EUID -ne 0 ]]; then
  echo "Corré $0 como root: mmdebstrap arma un sistema de archivos con dueños reales." >&2
  exit 1
fi
for programa in mmdebstrap buildah npm git; do
  if ! command -v "$programa" >/dev/null; then
    echo "Falta $programa: apt-get install -y mmdebstrap buildah" >&2
    exit 1
  fi
done
cd "$sitio"
if [[ ! -f build/server/index.js ]]; then
  echo "Falta la compilación: corré npm run build (npm run imagen lo hace)." >&2
  exit 1
fi
version=$(sed -n 's/^  "version": "\([^"]*\)",$/\1/p' package.json | head -n 1)
inicio=$SECONDS

trabajo=$(mktemp -d /var/tmp/vla-imagen.XXXXXX)
contenedor=""
limpiar() {
  if [[ -n $contenedor ]]; then
    buildah umount "$contenedor" >/dev/null 2>&1 || true
    buildah rm "$contenedor" >/dev/null 2>&1 || true
  fi
  rm -rf "$trabajo"
}
trap limpiar EXIT
raiz=$trabajo/raiz

echo "== Debian 12 mínimo desde $espejo"
# Sin manuales, documentación (salvo las licencias) ni traducciones.
mmdebstrap --variant=essential --include="$paquetes" \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --customize-hook="echo '$nombre:x:$uid:$uid:Sitio de la Municipalidad:$datos:/usr/sbin/nologin' >>\"\$1/etc/passwd\"" \
  --customize-hook="echo '$nombre:x:$uid:' >>\"\$1/etc/group\"" \
  --customize-hook="echo '$nombre:!:19000::::::' >>\"\$1/etc/shadow\"" \
  --customize-hook="mkdir -p \"\$1$datos\" && chown $uid:$uid \"\$1$datos\" && chmod 0750 \"\$1$datos\"" \
  bookworm "$raiz" "$espejo"

echo "== El sitio en $destino"
mkdir -p "$raiz$destino"
# Los archivos del repositorio que el servidor lee al correr (migraciones, el hilo de PGlite, los
# scripts de npm), sin tests ni documentación; la compilación; el chequeo de salud.
git ls-files -z -- . ':!tests' ':!bench' ':!docs' ':!spec' ':!.ci' ':!deploy' |
  tar --null -T - -cf - | tar -xf - -C "$raiz$destino"
cp -a build "$raiz$destino/"
mkdir -p "$raiz$destino/deploy/imagen"
cp deploy/imagen/salud.mjs "$raiz$destino/deploy/imagen/"
# node_modules de producción: una copia de los instalados sin las dependencias de desarrollo, más
# el Node 24 del proyecto (una de ellas: sólo su binario).
mkdir -p "$trabajo/modulos"
cp package.json package-lock.json .npmrc "$trabajo/modulos/"
# Enlaces duros: prune sólo borra enlaces; la copia a la imagen es después, con archivos propios.
cp -al node_modules "$trabajo/modulos/" 2>/dev/null || cp -a node_modules "$trabajo/modulos/"
(cd "$trabajo/modulos" && npm prune --omit=dev --ignore-scripts --no-audit --no-fund >/dev/null)
mkdir -p "$trabajo/modulos/node_modules/node/bin" "$trabajo/modulos/node_modules/.bin"
cp -al node_modules/node/package.json node_modules/node/bin "$trabajo/modulos/node_modules/node/" 2>/dev/null ||
  cp -a node_modules/node/package.json node_modules/node/bin "$trabajo/modulos/node_modules/node/"
ln -sfn ../node/bin/node "$trabajo/modulos/node_modules/.bin/node"
cp -a "$trabajo/modulos/node_modules" "$raiz$destino/"
chown -R root:root "$raiz$destino"
chmod -R u=rwX,go=rX "$raiz$destino"
"$raiz$destino/node_modules/.bin/node" --version

echo "== Imagen $nombre:$version"
contenedor=$(buildah from scratch)
montaje=$(buildah mount "$contenedor")
# Copia con dueños y permisos (buildah copy los pondría todos a root).
cp -a "$raiz/." "$montaje/"
buildah umount "$contenedor" >/dev/null
buildah config \
  --author "Municipalidad de Villa La Angostura" \
  --label org.opencontainers.image.title="Sitio de la Municipalidad de Villa La Angostura" \
  --label org.opencontainers.image.version="$version" \
  --label org.opencontainers.image.revision="$(git rev-parse HEAD 2>/dev/null || echo desconocida)" \
  --user "$uid:$uid" \
  --workingdir "$destino" \
  --env NODE_ENV=production \
  --env HOST=0.0.0.0 \
  --env PORT=3000 \
  --env DATA_DIR="$datos" \
  --env TZ=America/Argentina/Buenos_Aires \
  --env MALLOC_ARENA_MAX=2 \
  --env PATH="$destino/node_modules/.bin:/usr/local/bin:/usr/bin:/bin" \
  --entrypoint "[\"$destino/node_modules/.bin/node\", \"--optimize-for-size\", \"server/index.ts\"]" \
  --port 3000/tcp \
  --volume "$datos" \
  --stop-signal SIGTERM \
  --healthcheck "CMD $destino/node_modules/.bin/node $destino/deploy/imagen/salud.mjs" \
  --healthcheck-interval 10s \
  --healthcheck-timeout 5s \
  --healthcheck-start-period 60s \
  --healthcheck-retries 3 \
  "$contenedor"
buildah commit --quiet --format docker --rm "$contenedor" "localhost/$nombre:$version" >/dev/null
contenedor=""
buildah tag "localhost/$nombre:$version" "localhost/$nombre:latest"
mkdir -p build/imagen
rm -f "build/imagen/$nombre.tar"
# Con el nombre que usa deploy/compose.yaml; la versión está en la etiqueta de la imagen.
buildah push --quiet "localhost/$nombre:$version" "docker-archive:build/imagen/$nombre.tar:$nombre:latest"

tamano=$(du -m "build/imagen/$nombre.tar" | cut -f1)
echo "Imagen localhost/$nombre:$version lista en $((SECONDS - inicio)) s: $tamano MB en build/imagen/$nombre.tar."
echo "Probala sin contenedores con: deploy/imagen/probar.sh"
