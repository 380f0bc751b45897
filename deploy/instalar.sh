#!/usr/bin/env bash
# Instala el sitio en un servidor Debian 12 nuevo, desde este repositorio clonado:
#   apt-get install -y git && git clone DIRECCION-DEL-REPOSITORIO /opt/municipalidad-vla
#   /opt/municipalidad-vla/deploy/instalar.sh www.villalaangostura.gob.ar
# PostgreSQL 15 y Caddy de los paquetes de Debian, un usuario de sistema, la base y su rol, la clave
# de datos, el sitio compilado, dos instancias detrás de Caddy con HTTPS, y los timers del respaldo
# diario y de su verificación semanal (docs/operacion.md, docs/decisions/032-puesta-en-produccion.md).
# Correrlo otra vez no cambia nada; después de un `git pull` compila y reinicia una instancia por vez.
#
# Variables para probarlo fuera de un servidor (los tests las usan):
#   RAIZ=/carpeta     escribe configuración, datos, unidades y Caddyfile debajo de esa carpeta
#   SIN_SISTEMA=1     no usa apt-get ni systemctl
#   SIN_COMPILAR=1    no corre npm ci ni la compilación (usa lo que el repositorio ya tiene)
#   USUARIO=nombre    usuario de sistema (municipalidad); BASE=nombre: base y rol (municipalidad)
#   PGHOST, PGPORT    dónde está PostgreSQL (por omisión, el de esta máquina por su socket)
set -euo pipefail

readonly uso="Uso: $0 DOMINIO   (por ejemplo: $0 www.villalaangostura.gob.ar)"
if [[ $# -ne 1 || -z $1 || $1 == -* ]]; then
  echo "$uso" >&2
  exit 2
fi
dominio=${1,,}
if [[ $EUID -ne 0 ]]; then
  echo "Corré este script como root (por ejemplo con sudo): instala paquetes, crea un usuario y servicios." >&2
  exit 1
fi

readonly raiz=${RAIZ:-}
readonly usuario=${USUARIO:-municipalidad}
readonly base=${BASE:-municipalidad}
sitio=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
readonly sitio
readonly config=$raiz/etc/municipalidad-vla
readonly datos=$raiz/var/lib/municipalidad-vla
readonly respaldos=$raiz/var/backups/municipalidad-vla
readonly unidades=$raiz/etc/systemd/system
readonly caddyfile=$raiz/etc/caddy/Caddyfile
readonly instancias=(1 2)
readonly puerto_pg=${PGPORT:-5432}

if ! [[ $usuario =~ ^[a-z_][a-z0-9_-]{0,30}$ && $base =~ ^[a-z_][a-z0-9_]{0,62}$ ]]; then
  echo "USUARIO y BASE llevan minúsculas, dígitos y guiones bajos (USUARIO también guiones)." >&2
  exit 2
fi

paso() { printf '\n== %s\n' "$*"; }
sistema() { [[ ${SIN_SISTEMA:-} != 1 ]]; }

# Lo que este script cambió en esta corrida: sin cambios, no reinicia nada.
cambios=()

# Escribe la entrada estándar en DESTINO con ese modo y dueño, sólo si el contenido cambió (sin
# tocar la carpeta si no: ni su fecha cambia).
escribir() {
  local destino=$1 modo=$2 duenio=$3 temporal
  temporal=$(mktemp)
  cat >"$temporal"
  if [[ -f $destino ]] && cmp -s "$temporal" "$destino"; then
    rm -f "$temporal"
  else
    cp "$temporal" "$destino.nuevo"
    rm -f "$temporal"
    chmod "$modo" "$destino.nuevo"
    chown "$duenio" "$destino.nuevo"
    mv -f "$destino.nuevo" "$destino"
    cambios+=("$destino")
  fi
  chmod "$modo" "$destino"
  chown "$duenio" "$destino"
}

carpeta() {
  local ruta=$1 modo=$2 duenio=$3
  mkdir -p "$ruta"
  chmod "$modo" "$ruta"
  chown "$duenio" "$ruta"
}

aleatorio_hex() { od -An -vtx1 -N"$1" /dev/urandom | tr -d ' \n'; }

# El nombre que va en las direcciones: una IPv6 entre corchetes.
if [[ $dominio == *:* ]]; then host_url="[$dominio]"; else host_url=$dominio; fi
# El Caddyfile valida el dominio antes de que se escriba nada.
caddy_nuevo=$("$sitio/deploy/caddy/generar.sh" "$dominio")

paso "Paquetes de Debian"
if sistema; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql-15 caddy npm zstd curl ca-certificates >/dev/null
  systemctl enable --now postgresql >/dev/null
  echo "PostgreSQL 15, Caddy, npm, zstd y curl instalados."
else
  echo "(omitido: SIN_SISTEMA=1)"
fi
for _ in $(seq 60); do
  if pg_isready -q -h "${PGHOST:-/var/run/postgresql}" -p "$puerto_pg"; then break; fi
  sleep 1
done

paso "Usuario de sistema $usuario"
if getent passwd "$usuario" >/dev/null; then
  echo "ya existe."
else
  useradd --system --user-group --home-dir "$datos" --no-create-home --shell /usr/sbin/nologin \
    --comment "Sitio de la Municipalidad de Villa La Angostura" "$usuario"
  echo "creado."
fi

paso "Carpetas"
carpeta "$config" 0750 "root:$usuario"
carpeta "$datos" 0750 "$usuario:$usuario"
carpeta "$respaldos" 0750 "$usuario:$usuario"
carpeta "$unidades" 0755 root:root
carpeta "$(dirname "$caddyfile")" 0755 root:root
echo "configuración en $config, datos en $datos, respaldos en $respaldos."

paso "Clave de datos"
# Cifra DNI y correos. Fuera de la base y de la carpeta de datos, legible sólo por root: systemd
# se la pasa a cada servicio como credencial. Nunca se regenera: sin ella, los datos se pierden.
clave=$config/clave-datos
if [[ -e $clave ]]; then
  chmod 0600 "$clave"
  chown root:root "$clave"
  if ! grep -qE '^[0-9a-fA-F]{64}$' "$clave"; then
    echo "$clave existe pero no tiene una clave de 64 dígitos hexadecimales. No la reemplazo: revisala o restaurá tu copia." >&2
    exit 1
  fi
  echo "ya existe en $clave: se conserva."
else
  (
    umask 077
    aleatorio_hex 32 >"$clave.nueva"
    echo >>"$clave.nueva"
  )
  chown root:root "$clave.nueva"
  mv "$clave.nueva" "$clave"
  cat <<AVISO
Clave creada en $clave (modo 0600, sólo root):

    $(cat "$clave")

Guardá una copia fuera de este servidor (en el gestor de contraseñas de la Municipalidad o
impresa en un sobre cerrado). Sin ella, ni este sitio ni un respaldo pueden leer los DNI y
correos guardados. Este script no la vuelve a mostrar.
AVISO
fi

paso "Base de datos $base en PostgreSQL"
clave_base=$config/clave-base
clave_base_nueva=0
if [[ ! -s $clave_base ]]; then
  (
    umask 077
    aleatorio_hex 24 >"$clave_base"
  )
  clave_base_nueva=1
fi
chmod 0600 "$clave_base"
chown root:root "$clave_base"
contrasena=$(<"$clave_base")
psql_admin=(psql -X -q -v ON_ERROR_STOP=1 -p "$puerto_pg" -d postgres)
if [[ -n ${PGHOST:-} ]]; then psql_admin+=(-h "$PGHOST"); fi
# El rol puede crear bases: la verificación semanal restaura el último respaldo en una descartable.
runuser -u postgres -- "${psql_admin[@]}" -v rol="$base" -v base="$base" -v clave="$contrasena" -v nueva="$clave_base_nueva" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN CREATEDB PASSWORD %L', :'rol', :'clave')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'rol') \gexec
SELECT format('ALTER ROLE %I PASSWORD %L', :'rol', :'clave') WHERE :'nueva' = '1' \gexec
SELECT format('CREATE DATABASE %I OWNER %I ENCODING %L TEMPLATE template0', :'base', :'rol', 'UTF8')
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'base') \gexec
SQL
echo "rol y base $base listos."

paso "Configuración"
escribir "$config/entorno" 0640 "root:$usuario" <<ENTORNO
# Lo escribe deploy/instalar.sh y lo reescribe en cada corrida: tus ajustes van en $config/local.
# El puerto y el de métricas de cada instancia están en su unidad (municipalidad-vla@.service).
NODE_ENV=production
SITE_URL=https://$host_url
TRUST_PROXY=loopback
HOST=127.0.0.1
DATABASE_URL=postgres://$base:$contrasena@127.0.0.1:$puerto_pg/$base
DATA_DIR=$datos
ENTORNO
if [[ ! -e $config/local ]]; then
  escribir "$config/local" 0640 "root:$usuario" <<'LOCAL'
# Ajustes propios de este servidor (README, "Configuración"). instalar.sh no toca este archivo.
# Después de cambiarlo: systemctl restart municipalidad-vla@1 y, cuando esté listo, @2.
# El primer administrador del back-office, creado al arrancar si no hay usuarios:
# ADMIN_EMAIL=sistemas@villalaangostura.gob.ar
# ADMIN_PASSWORD=
# El correo saliente (sin SMTP_URL los correos esperan en la bandeja de salida):
# SMTP_URL=smtp://usuario:clave@smtp.ejemplo.gob.ar:587
# MAIL_FROM="Municipalidad de Villa La Angostura <no-responder@villalaangostura.gob.ar>"
LOCAL
fi
echo "$config/entorno y $config/local."

paso "Sitio en $sitio"
version_antes=$(cat "$sitio/build/.stamp" 2>/dev/null || true)
if [[ ${SIN_COMPILAR:-} == 1 ]]; then
  echo "(compilación omitida: SIN_COMPILAR=1)"
else
  cd "$sitio"
  huella=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [[ $(cat node_modules/.instalado 2>/dev/null || true) != "$huella" ]]; then
    # npm corre sobre el Node 24 del proyecto, bajado antes como paquete de npm: con el Node 18 de
    # Debian, npm saltea los paquetes nativos opcionales que piden Node 20 o más (el de rolldown).
    node_fijado=$(sed -n 's/^    "node": "\([0-9.]*\)",\{0,1\}$/\1/p' package.json | head -n 1)
    case $(dpkg --print-architecture) in
      amd64) arquitectura=x64 ;;
      arm64) arquitectura=arm64 ;;
      *)
        echo "El Node del proyecto no tiene binario para la arquitectura $(dpkg --print-architecture)." >&2
        exit 1
        ;;
    esac
    node_temporal=$(mktemp -d)
    (cd "$node_temporal" && npm pack --silent "node-linux-$arquitectura@$node_fijado" >/dev/null && tar -xzf ./*.tgz)
    # Sólo los scripts de instalación que el proyecto aprueba (allowScripts en package.json), con
    # cualquier versión de npm: el Node 24 del proyecto y esbuild.
    PATH="$node_temporal/package/bin:$PATH" npm ci --ignore-scripts --no-audit --no-fund
    PATH="$node_temporal/package/bin:$PATH" npm rebuild node esbuild
    rm -rf "$node_temporal"
  fi
  npm run build -- --if-needed
  # Recién con la compilación hecha: si algo falló, la próxima corrida vuelve a instalar.
  if [[ $(cat node_modules/.instalado 2>/dev/null || true) != "$huella" ]]; then echo "$huella" >node_modules/.instalado; fi
  cd - >/dev/null
fi
nodo=$sitio/node_modules/.bin/node
if ! version_node=$("$nodo" --version 2>/dev/null) || [[ $version_node != v24.* ]]; then
  echo "Falta el Node 24 del proyecto en $nodo (se instala con npm ci). Corré el script sin SIN_COMPILAR." >&2
  exit 1
fi
if ! runuser -u "$usuario" -- test -r "$sitio/build/server/index.js"; then
  echo "El usuario $usuario no puede leer $sitio/build/server/index.js: el sitio tiene que ser legible por todos (clonalo con umask 022, por ejemplo en /opt)." >&2
  exit 1
fi
if [[ $(cat "$sitio/build/.stamp" 2>/dev/null || true) != "$version_antes" ]]; then cambios+=("$sitio/build"); fi
echo "Node $version_node, compilación del $(cat "$sitio/build/.stamp")."

paso "Servicios de systemd"
unidades_cambiadas=0
for plantilla in "$sitio"/deploy/systemd/*.service "$sitio"/deploy/systemd/*.timer; do
  antes=${#cambios[@]}
  # Sin tubería: escribir corre en este shell y anota el cambio.
  escribir "$unidades/$(basename "$plantilla")" 0644 root:root < <(
    sed -e "s|@SITIO@|$sitio|g" -e "s|@CONFIG@|$config|g" -e "s|@DATOS@|$datos|g" \
      -e "s|@RESPALDOS@|$respaldos|g" -e "s|@USUARIO@|$usuario|g" "$plantilla"
  )
  if [[ ${#cambios[@]} -ne $antes ]]; then unidades_cambiadas=1; fi
done
echo "en $unidades."

paso "Caddy"
caddy_cambiado=0
if [[ -f $caddyfile ]] && ! grep -q 'deploy/caddy/generar.sh' "$caddyfile" && [[ ! -e $caddyfile.debian ]]; then
  cp -p "$caddyfile" "$caddyfile.debian"
fi
antes=${#cambios[@]}
escribir "$caddyfile" 0644 root:root <<<"$caddy_nuevo"
if [[ ${#cambios[@]} -ne $antes ]]; then caddy_cambiado=1; fi
if command -v caddy >/dev/null; then caddy adapt --adapter caddyfile --config "$caddyfile" >/dev/null; fi
echo "$caddyfile para https://$host_url."

paso "Arranque"
if ! sistema; then
  echo "(omitido: SIN_SISTEMA=1)"
  if [[ ${#cambios[@]} -gt 0 ]]; then echo "Cambió: ${cambios[*]}"; else echo "Nada cambió."; fi
  exit 0
fi
if [[ $unidades_cambiadas == 1 ]]; then systemctl daemon-reload; fi
systemctl enable --quiet caddy municipalidad-vla-respaldo.timer municipalidad-vla-verificacion.timer
systemctl start municipalidad-vla-respaldo.timer municipalidad-vla-verificacion.timer

lista() {
  local puerto=$1
  for _ in $(seq 90); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$puerto/health/ready"; then return 0; fi
    sleep 1
  done
  return 1
}
# Una instancia por vez: Caddy manda todo a la otra mientras ésta se reinicia.
for i in "${instancias[@]}"; do
  unidad=municipalidad-vla@$i
  systemctl enable --quiet "$unidad"
  reiniciada=0
  if ! systemctl is-active --quiet "$unidad"; then
    systemctl start "$unidad"
  elif [[ ${#cambios[@]} -gt 0 ]]; then
    systemctl restart "$unidad"
    reiniciada=1
  fi
  if ! lista "30$(printf '%02d' "$i")"; then
    echo "La instancia $i no quedó lista en 90 s. Mirá: journalctl -u $unidad -n 50" >&2
    exit 1
  fi
  # Caddy la vuelve a poner en el reparto en su próximo chequeo (cada 1 s): recién entonces la otra.
  # 5 s: en una máquina ocupada un chequeo puede tardar; con 2 s un POST encontró las dos fuera (503).
  if [[ $reiniciada == 1 ]]; then sleep 5; fi
  echo "instancia $i lista en 127.0.0.1:30$(printf '%02d' "$i")."
done
if ! systemctl is-active --quiet caddy; then
  systemctl start caddy
elif [[ $caddy_cambiado == 1 ]]; then
  systemctl reload caddy
fi

cat <<FIN

Listo. El sitio está en https://$host_url (el certificado puede tardar un minuto la primera vez).
Para revisarlo:
  curl -fsS https://$host_url/health/ready
  systemctl status 'municipalidad-vla@*' caddy
  journalctl -u municipalidad-vla@1 -u municipalidad-vla@2 -u caddy --since -10min
  systemctl list-timers 'municipalidad-vla-*'
El primer administrador del back-office: ADMIN_EMAIL y ADMIN_PASSWORD en $config/local.
FIN
