#!/usr/bin/env bash
# Builds the release artifacts of .goreleaser.yml into dist/ with a snapshot version, with goreleaser run
# pinned through `go run` ($GORELEASER, module@version): signed with gpg when GPG_FINGERPRINT names a key,
# unsigned without one (no gpg needed then).
set -euo pipefail
cd "$(dirname "$0")/.."
goreleaser="${GORELEASER:?set GORELEASER to the goreleaser module@version to run (make release-snapshot does)}"
skip=()
if [ -z "${GPG_FINGERPRINT:-}" ]; then
  echo "GPG_FINGERPRINT is not set: building unsigned (no _SHA256SUMS.sig)" >&2
  skip=(--skip=sign)
fi
go run "${goreleaser}" release --snapshot --clean "${skip[@]}"

# The release publishes the manifest under its versioned name next to the zips (release.extra_files);
# a snapshot publishes nothing, so it is put in dist/ here, as the registry and the install test see it.
version="$(sed -n 's/.*"version":"\([^"]*\)".*/\1/p' dist/metadata.json)"
[ -n "${version}" ] || { echo "release-snapshot: no version in dist/metadata.json" >&2; exit 1; }
cp terraform-registry-manifest.json "dist/terraform-provider-ardoq_${version}_manifest.json"
