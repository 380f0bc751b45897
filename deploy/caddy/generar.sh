#!/usr/bin/env bash
# Escribe en la salida el Caddyfile del sitio para DOMINIO, con Caddy delante de las instancias
# dadas (por omisión 127.0.0.1:3001 y 127.0.0.1:3002): HTTPS automático con Let's Encrypt para un
# dominio real, y la CA interna de Caddy para localhost, una dirección IP o un nombre .local,
# .localhost, .test, .internal o .lan.
#   deploy/caddy/generar.sh www.villalaangostura.gob.ar > /etc/caddy/Caddyfile
#   deploy/caddy/generar.sh localhost sitio-1:3000 sitio-2:3000 > Caddyfile
set -euo pipefail

if [[ $# -lt 1 || -z $1 ]]; then
  echo "Uso: $0 DOMINIO [INSTANCIA...]   (por ejemplo: $0 www.villalaangostura.gob.ar)" >&2
  exit 2
fi
dominio=${1,,}
shift
instancias=("$@")
if [[ ${#instancias[@]} -eq 0 ]]; then
  instancias=(127.0.0.1:3001 127.0.0.1:3002)
fi

# Un nombre de host, una IPv4 o una IPv6: nada más entra al Caddyfile.
if ! [[ $dominio =~ ^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$ || $dominio =~ ^[0-9a-f:]+$ ]]; then
  echo "El dominio «$dominio» no es un nombre válido: usá sólo letras, dígitos, puntos y guiones (por ejemplo www.villalaangostura.gob.ar)." >&2
  exit 2
fi
for instancia in "${instancias[@]}"; do
  if ! [[ $instancia =~ ^[A-Za-z0-9._-]+:[0-9]{1,5}$ ]]; then
    echo "La instancia «$instancia» no es HOST:PUERTO." >&2
    exit 2
  fi
done

# Let's Encrypt sólo emite certificados para nombres públicos.
tls="# Certificado automático de Let's Encrypt para $dominio."
sitio=$dominio
if [[ $dominio =~ ^[0-9.]+$ || $dominio == *:* || $dominio == localhost || $dominio =~ \.(localhost|local|test|internal|lan)$ ]]; then
  tls="tls internal"
  if [[ $dominio == *:* ]]; then sitio="[$dominio]"; fi
fi

plantilla="$(dirname "${BASH_SOURCE[0]}")/Caddyfile.plantilla"
while IFS= read -r linea || [[ -n $linea ]]; do
  linea=${linea//@SITIO@/$sitio}
  linea=${linea//@TLS@/$tls}
  linea=${linea//@INSTANCIAS@/${instancias[*]}}
  printf '%s\n' "$linea"
done <"$plantilla"
