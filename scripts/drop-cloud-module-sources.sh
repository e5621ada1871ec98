#!/usr/bin/env bash
# drop-cloud-module-sources.sh DIR: in DIR, a writable copy of Terraform's or OpenTofu's source (by
# terraform-path.sh and tofu-path.sh), drops the module installer's s3:: and gcs:: sources. They are
# go-getter's S3 and GCS getters, in Terraform the only importers of the AWS and Google Cloud SDKs left
# once the cloud-SDK state backends are gone (OpenTofu's state encryption keeps some): a sixth of the
# packages Terraform compiles, and 45 ms of package initialisation in every command it runs (Terraform
# 1.16.4: `terraform version` 0.12 CPU-s, 0.08 without them; the tests run about 2,200 commands).
# go-getter is copied into DIR/third_party/go-getter without get_s3.go and get_gcs.go, go.mod replaces it
# with that copy, and both getter maps lose the two entries. Every other module source (local paths,
# registries, git, http) is as released; the tests use local modules only. Fails, saying the recipe needs
# updating, when a version no longer matches what it edits. A change here that changes what is built must
# raise `recipe` in terraform-path.sh and tofu-path.sh, the revision in their cache keys.
set -euo pipefail
dir="$1"
getters="${dir}/internal/getmodules/getter.go"
needs_update() {
  echo "$(basename "$0"): $1 in ${dir}; the recipe needs updating" >&2
  exit 1
}
# A map entry making the getter, in the CLI's getter.go (prefix getter.) and in go-getter's get.go (none).
entry() { printf '^[[:space:]]*"%s": +new\\(%s%sGetter\\),$' "$1" "$2" "$3"; }
grep -qE "$(entry gcs 'getter\.' GCS)" "${getters}" || needs_update "no gcs getter in ${getters}"
grep -qE "$(entry s3 'getter\.' S3)" "${getters}" || needs_update "no s3 getter in ${getters}"
src="$(cd "${dir}" && GOFLAGS=-mod=mod go mod download -json github.com/hashicorp/go-getter |
  sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -f "${src}/get_s3.go" ] && [ -f "${src}/get_gcs.go" ] || needs_update "go-getter has no get_s3.go and get_gcs.go"
copy="${dir}/third_party/go-getter"
mkdir -p "${copy}"
cp -R "${src}/." "${copy}/"
chmod -R u+w "${copy}"
rm -f "${copy}/get_s3.go" "${copy}/get_gcs.go" "${copy}"/*_test.go # the tests use what is removed
sed -i -E -e "/$(entry gcs '' GCS)/d" -e "/$(entry s3 '' S3)/d" "${copy}/get.go"
sed -i -E -e "/$(entry gcs 'getter\.' GCS)/d" -e "/$(entry s3 'getter\.' S3)/d" "${getters}"
if grep -qE 'new\((getter\.)?(GCS|S3)Getter\)' "${getters}" "${copy}/get.go"; then
  needs_update "a GCS or S3 getter is still made"
fi
(cd "${dir}" && go mod edit -replace github.com/hashicorp/go-getter=./third_party/go-getter)
