#!/usr/bin/env bash
# Newer releases of the clients the suite drives, unmodified, from Debian's own packages (unstable):
# pynetbox 7.8.0 and the netbox.netbox 3.23.0 Ansible collection (inside Debian's ansible 14.4.0).
# Each .deb is pinned by its SHA-256 and unpacked into .clients/ (nothing is installed system-wide):
#   .clients/python/pynetbox                           → PYTHONPATH
#   .clients/collections/ansible_collections/netbox    → ANSIBLE_COLLECTIONS_PATH
# The Debian clients of the stable release (pynetbox 7.0, collection 3.13) stay installed by apt.
set -euo pipefail
cd "$(dirname "$0")/../.."
DEST=.clients
POOL=${DEBIAN_POOL:-http://deb.debian.org/debian/pool/main}

fetch() { # url sha256 file
  if [ -f "$3" ] && echo "$2  $3" | sha256sum -c --status; then return; fi
  curl -fsSL --retry 3 -o "$3.part" "$1" || { echo "could not download $1 (Debian unstable may have moved on: update the pin in $0)" >&2; exit 1; }
  echo "$2  $3.part" | sha256sum -c --status || { echo "checksum mismatch for $1" >&2; exit 1; }
  mv "$3.part" "$3"
}

mkdir -p "$DEST/debs"
fetch "$POOL/p/python-pynetbox/python3-pynetbox_7.8.0-1_all.deb" \
  7110d06425dd4735cb07664ca1d25e451daf9fde2e30551956648fae597d3792 "$DEST/debs/pynetbox.deb"
fetch "$POOL/a/ansible/ansible_14.4.0+dfsg-1_all.deb" \
  04871f2917578eab98067a60ed9667d431b1fcbba3adddb740b06d8ef333ffea "$DEST/debs/ansible.deb"

rm -rf "$DEST/python" "$DEST/collections" "$DEST/unpack"
mkdir -p "$DEST/python" "$DEST/collections/ansible_collections" "$DEST/unpack"
dpkg-deb -x "$DEST/debs/pynetbox.deb" "$DEST/unpack"
mv "$DEST/unpack/usr/lib/python3/dist-packages/pynetbox" "$DEST/python/"
dpkg-deb --fsys-tarfile "$DEST/debs/ansible.deb" |
  tar -x -C "$DEST/unpack" ./usr/lib/python3/dist-packages/ansible_collections/netbox
mv "$DEST/unpack/usr/lib/python3/dist-packages/ansible_collections/netbox" "$DEST/collections/ansible_collections/"
rm -rf "$DEST/unpack"
echo "pynetbox $(sed -n 's/^__version__ = "\(.*\)"/\1/p' "$DEST/python/pynetbox/__init__.py" || true) and netbox.netbox" \
  "$(python3 -c "import json;print(json.load(open('$DEST/collections/ansible_collections/netbox/netbox/MANIFEST.json'))['collection_info']['version'])") in $DEST/"
