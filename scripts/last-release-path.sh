#!/usr/bin/env bash
# Prints the directory of the last release's provider, built from its commit (scripts/last-release names
# both), for make test-upgrade: terraform-provider-ardoq_v<version> and the examples/resources of that
# commit, which its users' configurations looked like. Built once per commit with go build (its modules
# from the Go module proxy, nothing else from the network) into
# ${ARDOQ_TOOLS_CACHE:-${XDG_CACHE_HOME:-~/.cache}/terraform-provider-ardoq}/release-<commit>, which
# outlives the clone. The clone must hold the commit (a shallow one: git fetch --unshallow).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
read -r tag commit < <(grep -v '^#' "${root}/scripts/last-release")
version="${tag#v}"
cache="${ARDOQ_TOOLS_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/terraform-provider-ardoq}"
dir="${cache}/release-${commit}"
binary="${dir}/terraform-provider-ardoq_v${version}"
[ -x "${binary}" ] && [ -d "${dir}/examples" ] && { echo "${dir}"; exit 0; }

if ! git -C "${root}" cat-file -e "${commit}^{commit}" 2>/dev/null; then
  echo "this clone lacks ${commit}, the commit of ${tag} (scripts/last-release): fetch the whole history (git fetch --unshallow; actions/checkout with fetch-depth: 0)" >&2
  exit 1
fi
echo "building ${tag} (${commit}) into ${dir} (once)" >&2
mkdir -p "${cache}"
work="$(mktemp -d "${cache}/release-src.XXXXXX")"
trap 'rm -rf "${work}"' EXIT
git -C "${root}" archive "${commit}" | tar -x -C "${work}"
(cd "${work}" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${version}" \
  -o "${work}/out/terraform-provider-ardoq_v${version}" .) >&2
mkdir -p "${work}/out/examples"
cp -R "${work}/examples/resources" "${work}/out/examples/"
rm -rf "${dir}"
mv "${work}/out" "${dir}"
echo "${dir}"
