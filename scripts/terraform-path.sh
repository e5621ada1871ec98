#!/usr/bin/env bash
# Prints the path of a Terraform CLI for the tests, the docs and the demo: $TF_ACC_TERRAFORM_PATH if set,
# else terraform from PATH if it is the pinned default or newer, else the pinned default built through the
# Go module proxy (no other download is needed, so it works on a machine that has only Go). The pinned
# default is the newest stable release.
# TERRAFORM_VERSION=x.y.z asks for exactly that version: terraform from PATH if it is that one, else the
# pinned build. CI runs the oldest this provider supports (1.5.7) and the newest (1.16.4).
#
# Every version builds in a writable copy of its source from the module proxy, without the remote-state
# backends that need a cloud SDK: the azurerm, consul, cos, gcs, kubernetes, oss, pg and s3 backends (and
# oci where it exists) are dropped from internal/backend/init/init.go (local, remote, http, inmem and cloud
# remain), so the CLI is Terraform's own otherwise (the tests and the docs use the local backend only) and
# builds from much less source: for 1.5.7, 40 MB of Go instead of 66 (before the module sources went
# too). From 1.12 on, Terraform's go.mod also replaces ten nested modules (those backends and
# internal/legacy) with local directories that its module zip leaves out: each gets an empty module, which
# nothing imports once the backends are gone.
# The module installer's s3:: and gcs:: sources go too (scripts/drop-cloud-module-sources.sh): with them
# the AWS and Google Cloud SDKs, and 45 ms of start-up in every command the tests run.
# Builds take a few minutes, once: they are kept in
# ${ARDOQ_TOOLS_CACHE:-${XDG_CACHE_HOME:-~/.cache}/terraform-provider-ardoq}, which outlives a fresh clone,
# under the version and the recipe's revision (recipe below: raise it when the build changes what it makes).
set -euo pipefail
scripts="$(cd -P -- "$(dirname -- "$0")" >/dev/null && pwd)"
newest=1.16.4
want="${TERRAFORM_VERSION:-}"
version="${want:-${newest}}"
if [ -z "${want}" ]; then
  if [ -n "${TF_ACC_TERRAFORM_PATH:-}" ] && [ -x "${TF_ACC_TERRAFORM_PATH}" ]; then
    echo "${TF_ACC_TERRAFORM_PATH}"; exit 0
  fi
  if command -v terraform >/dev/null 2>&1; then
    # An older terraform would skip the tests of newer features (identity, terraform query) without a
    # word in make test's output: it is used only when it is the pinned newest or newer.
    have="$(CHECKPOINT_DISABLE=1 terraform version 2>/dev/null | sed -n '1s/^Terraform v//p')"
    if [ -n "${have}" ] && [ "$(printf '%s\n%s\n' "${newest}" "${have}" | sort -V | head -n1)" = "${newest}" ]; then
      command -v terraform; exit 0
    fi
    echo "terraform on PATH ($(command -v terraform)) is ${have:+v${have}, }not ${newest} or newer, the newest this project tests: using a pinned ${newest} (TF_ACC_TERRAFORM_PATH=$(command -v terraform) uses yours)" >&2
  fi
elif command -v terraform >/dev/null 2>&1 && [ "$(terraform version 2>/dev/null | head -n1)" = "Terraform v${want}" ]; then
  command -v terraform; exit 0
fi
cache="${ARDOQ_TOOLS_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/terraform-provider-ardoq}"
recipe=2
bin="${cache}/terraform-${version}-r${recipe}"
[ -x "${bin}/terraform" ] && { echo "${bin}/terraform"; exit 0; }

# The release flag: without it the binary calls itself ${version}-dev.
ldflags="-s -w -X github.com/hashicorp/terraform/version.dev=no"
mkdir -p "${cache}"

echo "building Terraform ${version} from the Go module proxy into ${bin} (minutes on 2 cores, once)" >&2
src="$(go mod download -json "github.com/hashicorp/terraform@v${version}" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -d "${src}" ] || { echo "go mod download github.com/hashicorp/terraform@v${version} failed" >&2; exit 1; }
work="$(mktemp -d "${cache}/terraform-src.XXXXXX")"
trap 'chmod -R u+w "${work}" 2>/dev/null; rm -rf "${work}"' EXIT
cp -R "${src}/." "${work}/"
chmod -R u+w "${work}"
# Every `replace ... => ./dir` in go.mod (from 1.12 on) gets an empty module of its own, and no package
# imports it after the backends are dropped from init.go below.
{ grep -E '^replace github.com/hashicorp/terraform/[^ ]+ => \./' "${work}/go.mod" || true; } | while read -r _ module _ dir; do
  mkdir -p "${work}/${dir}"
  printf 'module %s\n\ngo 1.21\n' "${module}" >"${work}/${dir}/go.mod"
done
init="${work}/internal/backend/init/init.go"
stubbed="azure consul cos gcs kubernetes oss pg s3"
if grep -q 'remote-state/oci"' "${init}"; then stubbed="${stubbed} oci"; fi
for b in ${stubbed}; do
  alias="$(sed -n "s|^[[:space:]]*\([A-Za-z0-9_]*\) \"github.com/hashicorp/terraform/internal/backend/remote-state/${b}\"$|\1|p" "${init}")"
  [ -n "${alias}" ] || { echo "terraform ${version}: no import of the ${b} backend in ${init}; the recipe needs updating" >&2; exit 1; }
  sed -i -e "/\"github.com\/hashicorp\/terraform\/internal\/backend\/remote-state\/${b}\"$/d" \
    -e "/${alias}\.New()/d" "${init}"
done
if grep -qE '^replace github.com/hashicorp/terraform/internal/legacy ' "${work}/go.mod" &&
  grep -q 'internal/legacy"' -r "${work}/internal" --include='*.go' --exclude='*_test.go'; then
  echo "terraform ${version}: a package still imports internal/legacy; the recipe needs updating" >&2; exit 1
fi
"${scripts}/drop-cloud-module-sources.sh" "${work}" >&2
(cd "${work}" && GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -ldflags "${ldflags}" -o "${work}/terraform" .) >&2
mkdir -p "${bin}"
mv "${work}/terraform" "${bin}/terraform"
echo "${bin}/terraform"
