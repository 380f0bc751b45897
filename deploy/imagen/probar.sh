#!/usr/bin/env bash
# Prueba la imagen sin contenedores (en esta máquina no corren): monta su sistema de archivos con
# buildah, arranca con chroot su comando de entrada, como su usuario sin privilegios y con su
# entorno, y espera que /health/ready responda 200; corre también su HEALTHCHECK y la cierra con
# SIGTERM, que debe terminar con 0. Usa la base embebida (PGlite) dentro de la imagen.
#   deploy/imagen/probar.sh [IMAGEN]     (por omisión localhost/municipalidad-vla:latest)
set -euo pipefail

readonly imagen=${1:-localhost/municipalidad-vla:latest}
if [[ $EUID -ne 0 ]]; then
  echo "Corré $0 como root: monta la imagen y usa chroot." >&2
  exit 1
fi

contenedor=$(buildah from --pull-never "$imagen")
montaje=""
pid=""
limpiar() {
  if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  if [[ -n $montaje ]]; then
    umount "$montaje/proc" 2>/dev/null || true
    umount "$montaje/dev" 2>/dev/null || true
  fi
  buildah umount "$contenedor" >/dev/null 2>&1 || true
  buildah rm "$contenedor" >/dev/null 2>&1 || true
}
trap limpiar EXIT
montaje=$(buildah mount "$contenedor")

# La configuración de la imagen, tal como la usaría un motor de contenedores.
formato() { buildah inspect --type image --format "$1" "$imagen"; }
usuario=$(formato '{{.Docker.Config.User}}')
directorio=$(formato '{{.Docker.Config.WorkingDir}}')
mapfile -t entrada < <(formato '{{range .Docker.Config.Entrypoint}}{{println .}}{{end}}' | sed '/^$/d')
mapfile -t entorno < <(formato '{{range .Docker.Config.Env}}{{println .}}{{end}}' | sed '/^$/d')
mapfile -t salud < <(formato '{{if .Docker.Config.Healthcheck}}{{range .Docker.Config.Healthcheck.Test}}{{println .}}{{end}}{{end}}' | sed '/^$/d')
if [[ -z $usuario || $usuario == 0* || $usuario == root* ]]; then
  echo "La imagen corre como root (User «$usuario»): debe tener un usuario sin privilegios." >&2
  exit 1
fi
if [[ ${#salud[@]} -lt 2 || ${salud[0]} != CMD ]]; then
  echo "La imagen no tiene HEALTHCHECK (¿se guardó en formato OCI?): «${salud[*]}»" >&2
  exit 1
fi
comando_salud=("${salud[@]:1}")

mount --bind /dev "$montaje/dev"
mount -t proc proc "$montaje/proc"

puerto=$((20000 + RANDOM % 20000))
while (exec 3<>"/dev/tcp/127.0.0.1/$puerto") 2>/dev/null; do puerto=$((puerto + 1)); done
clave=$(od -An -vtx1 -N32 /dev/urandom | tr -d ' \n')
entorno+=("PORT=$puerto" "SITE_URL=http://localhost:$puerto" "DATA_KEY=$clave" "SEED_DEMO=false" "LOG_LEVEL=warn")

# Replaces the calling (sub)shell, so the site's PID is the one SIGTERM goes to. $0 and $@
# belong to the inner shell.
# shellcheck disable=SC2016
en_imagen() { exec chroot --userspec="$usuario" "$montaje" /usr/bin/env -i "${entorno[@]}" /bin/sh -c 'cd "$0" && exec "$@"' "$directorio" "$@"; }

echo "== ${entrada[*]} como $usuario en $directorio, puerto $puerto"
inicio=$SECONDS
registro=$(mktemp)
(en_imagen "${entrada[@]}") >"$registro" 2>&1 &
pid=$!
listo=0
for _ in $(seq 240); do
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  if curl -fs -o /dev/null "http://127.0.0.1:$puerto/health/ready"; then
    listo=1
    break
  fi
  sleep 0.5
done
if [[ $listo != 1 ]]; then
  echo "El sitio no respondió 200 en /health/ready:" >&2
  cat "$registro" >&2
  exit 1
fi
echo "/health/ready: 200 a los $((SECONDS - inicio)) s."
duenio=$(ps -o user= -p "$pid" | tr -d ' ')
echo "proceso del sitio ($(ps -o comm= -p "$pid")): usuario $duenio, memoria residente $(($(ps -o rss= -p "$pid") / 1024)) MB."
if [[ $duenio == root ]]; then
  echo "El sitio corre como root dentro de la imagen." >&2
  exit 1
fi
if ! (en_imagen "${comando_salud[@]}"); then
  echo "El HEALTHCHECK de la imagen falló con el sitio listo." >&2
  exit 1
fi
echo "HEALTHCHECK (${comando_salud[*]}): 0."

kill -TERM "$pid"
codigo=0
wait "$pid" || codigo=$?
pid=""
if [[ $codigo -ne 0 ]]; then
  echo "Con SIGTERM el sitio salió con $codigo:" >&2
  cat "$registro" >&2
  exit 1
fi
rm -f "$registro"
echo "SIGTERM: salió con 0. La imagen $imagen funciona."
