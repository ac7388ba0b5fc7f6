#!/bin/sh
# certbot's deploy hook: after Let's Encrypt issues or renews the certificate, HAProxy gets it as the
# one file its `crt` takes (the full chain, then the private key) and reloads without dropping a
# connection. Install it once (deploy/README.md, "HTTPS"):
#   install -m 755 deploy/certbot-deploy-hook.sh /etc/letsencrypt/renewal-hooks/deploy/prospector-haproxy.sh
# certbot sets RENEWED_LINEAGE (e.g. /etc/letsencrypt/live/prospector.example.com).
#   PROSPECTOR_PEM     the file HAProxy reads (PROSPECTOR_CERT), default /etc/haproxy/certs/prospector.pem
#   PROSPECTOR_RELOAD  how HAProxy is reloaded, default `systemctl reload haproxy`
set -eu
: "${RENEWED_LINEAGE:?certbot sets RENEWED_LINEAGE; by hand: RENEWED_LINEAGE=/etc/letsencrypt/live/<name> $0}"
pem="${PROSPECTOR_PEM:-/etc/haproxy/certs/prospector.pem}"
mkdir -p "$(dirname "$pem")"
# Written beside it (mktemp makes it readable by its owner only) and moved over it in one step:
# HAProxy never reads half a file.
tmp="$(mktemp "$pem.XXXXXX")"
trap 'rm -f "$tmp"' EXIT
cat "$RENEWED_LINEAGE/fullchain.pem" "$RENEWED_LINEAGE/privkey.pem" >"$tmp"
mv "$tmp" "$pem"
trap - EXIT
${PROSPECTOR_RELOAD:-systemctl reload haproxy}
