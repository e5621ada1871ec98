#!/usr/bin/env bash
# Prints the path of an OpenTofu CLI for make test-tofu and make demo TERRAFORM=...: $TOFU if set, else a
# pinned OpenTofu (TOFU_VERSION, default 1.12.6) built from its source in the Go module proxy into the
# tools cache, so it works on a machine that has only Go. As with Terraform (scripts/terraform-path.sh), the
# remote-state backends that need a cloud SDK (azurerm, consul, cos, gcs, kubernetes, oss, pg, s3) are
# dropped from internal/backend/init/init.go, and the module installer's s3:: and gcs:: sources
# (scripts/drop-cloud-module-sources.sh): OpenTofu's own otherwise, a 53 MB binary instead of 115.
# The build takes a few minutes on 2 cores, once: the binary is kept in
# ${ARDOQ_TOOLS_CACHE:-${XDG_CACHE_HOME:-~/.cache}/terraform-provider-ardoq}, which outlives a fresh clone,
# under the version and the recipe's revision (recipe below: raise it when the build changes what it
# makes), and later runs print its path at once.
set -euo pipefail
scripts="$(cd -P -- "$(dirname -- "$0")" >/dev/null && pwd)"
version="${TOFU_VERSION:-1.12.6}"
if [ -n "${TOFU:-}" ]; then
  [ -x "${TOFU}" ] || { echo "TOFU=${TOFU} is not an executable" >&2; exit 1; }
  echo "${TOFU}"; exit 0
fi
cache="${ARDOQ_TOOLS_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/terraform-provider-ardoq}"
recipe=2
bin="${cache}/opentofu-${version}-r${recipe}/tofu"
if [ ! -x "${bin}" ]; then
  echo "building OpenTofu ${version} from the Go module proxy into ${bin} (a few minutes, once)" >&2
  # The module cache is read-only and go build wants a main module: build from a writable copy.
  src="$(go mod download -json "github.com/opentofu/opentofu@v${version}" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -d "${src}" ] || { echo "go mod download github.com/opentofu/opentofu@v${version} failed" >&2; exit 1; }
  mkdir -p "${cache}"
  work="$(mktemp -d "${cache}/opentofu-src.XXXXXX")"
  trap 'chmod -R u+w "${work}" 2>/dev/null; rm -rf "${work}"' EXIT
  cp -R "${src}/." "${work}/"
  chmod -R u+w "${work}"
  init="${work}/internal/backend/init/init.go"
  for b in Azure Consul Cos GCS Kubernetes OSS Pg S3; do
    grep -q "^[[:space:]]*backend${b} \"" "${init}" ||
      { echo "opentofu ${version}: no import of backend${b} in ${init}; the recipe needs updating" >&2; exit 1; }
    sed -i -e "/^[[:space:]]*backend${b} \"/d" -e "/backend${b}\.New(/d" "${init}"
  done
  "${scripts}/drop-cloud-module-sources.sh" "${work}" >&2
  # The release flag: without it the binary calls itself ${version}-dev.
  (cd "${work}" && GOFLAGS=-mod=readonly CGO_ENABLED=0 go build -trimpath \
    -ldflags "-s -w -X 'github.com/opentofu/opentofu/version.dev=no'" -o "${work}/tofu" ./cmd/tofu) >&2
  mkdir -p "$(dirname "${bin}")"
  mv "${work}/tofu" "${bin}"
fi
echo "${bin}"
