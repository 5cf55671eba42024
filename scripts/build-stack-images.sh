#!/usr/bin/env bash
# Makes the PostgreSQL and Redis image compose.yaml runs beside voicelib, from Debian packages, for
# machines where no container registry is reachable (this project's CI): one image holding Debian
# bookworm's postgresql-15 and redis-server, made with mmdebstrap and `podman import`, whose entry
# point keeps the part of the official postgres and redis images' contract compose.yaml uses
# (scripts/stack-image/entrypoint.sh). Kept once made. Users with a registry need none of this:
# compose.yaml defaults to the official images.
#
#   scripts/build-stack-images.sh [TAG]     default TAG: localhost/voicelib-stack:bookworm; prints it
#   POSTGRES_IMAGE=TAG REDIS_IMAGE=TAG podman-compose up -d
#
# Needs podman and mmdebstrap (as scripts/build-image.sh) and Debian's mirror.
set -euo pipefail
cd "$(dirname "$0")/.."
tag=${1:-localhost/voicelib-stack:bookworm}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

if ! podman image exists "$tag"; then
  work=$(mktemp -d /tmp/voicelib-stack.XXXXXX)
  trap 'rm -rf "$work"' EXIT
  echo "build-stack-images: making $tag from Debian packages (once)" >&2
  # No cluster made by the package's own scripts: the entry point makes it, in the volume.
  mmdebstrap --quiet --variant=minbase --include=postgresql-15,redis-server \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --essential-hook='mkdir -p "$1/etc/postgresql-common" && echo "create_main_cluster = false" > "$1/etc/postgresql-common/createcluster.conf"' \
    bookworm "$work/rootfs.tar" "$mirror" >&2
  podman import --quiet "$work/rootfs.tar" "$tag-rootfs" >&2
  mkdir -p "$work/ctx"
  cp scripts/stack-image/entrypoint.sh "$work/ctx/entrypoint.sh"
  cat >"$work/ctx/Containerfile" <<EOC
FROM $tag-rootfs
COPY entrypoint.sh /usr/local/bin/stack-entrypoint
RUN chmod 755 /usr/local/bin/stack-entrypoint && mkdir -p /var/lib/postgresql/data /data \
 && chown postgres:postgres /var/lib/postgresql/data && chown redis:redis /data
ENTRYPOINT ["/usr/local/bin/stack-entrypoint"]
CMD ["postgres"]
EOC
  podman build --quiet --pull=never --format docker -t "$tag" "$work/ctx" >&2
  podman rmi "$tag-rootfs" >/dev/null
fi
echo "$tag"
