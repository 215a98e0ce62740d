#!/bin/sh
# The web image's entrypoint: renders nginx's main configuration and the site's template from /etc/segmentia into
# NGINX_RUN_DIR (the root file system may be read-only), then runs the command: nginx with that configuration. Every ${VARIABLE} the two
# files use must be set: one unset is named and nothing starts, rather than nginx starting with a broken line.
set -eu
templates="/etc/segmentia/nginx.conf /etc/segmentia/default.conf.template"
names=$(grep -oh '\${[A-Z_]*}' $templates | tr -d '${}' | sort -u)
missing=""
for name in $names; do
  eval "is_set=\${$name+yes}"
  [ "$is_set" = yes ] || missing="$missing $name"
done
if [ -n "$missing" ]; then
  echo "segmentia-web: set$missing (see /etc/segmentia/default.conf.template)" >&2
  exit 64
fi
mkdir -p "$NGINX_RUN_DIR/temp" "$NGINX_CACHE_DIR"
shell_format=$(printf '${%s} ' $names)
envsubst "$shell_format" < /etc/segmentia/nginx.conf > "$NGINX_RUN_DIR/nginx.conf"
envsubst "$shell_format" < /etc/segmentia/default.conf.template > "$NGINX_RUN_DIR/default.conf"
if [ "${1:-}" = nginx ]; then
  shift
  set -- nginx -c "$NGINX_RUN_DIR/nginx.conf" "$@"
fi
exec "$@"
