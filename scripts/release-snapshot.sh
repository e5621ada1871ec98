#!/usr/bin/env bash
# Builds the release artifacts of .goreleaser.yml into dist/ with a snapshot version, with goreleaser run
# pinned through `go run` ($GORELEASER, module@version), after `goreleaser check` of the configuration:
# signed with gpg when GPG_FINGERPRINT names a key, unsigned without one (no gpg needed then).
# RELEASE_PLATFORMS=host builds this machine's platform only (make release-host, as CI does): the same
# configuration with its goos and goarch narrowed to this machine's, so the zip, the SHA256SUMS and the
# manifest are laid out exactly as in a release. goreleaser's own --single-target is for `build` only,
# which makes no archives.
set -euo pipefail
cd "$(dirname "$0")/.."
goreleaser="${GORELEASER:?set GORELEASER to the goreleaser module@version to run (make release-snapshot does)}"
go run "${goreleaser}" check
skip=()
if [ -z "${GPG_FINGERPRINT:-}" ]; then
  echo "GPG_FINGERPRINT is not set: building unsigned (no _SHA256SUMS.sig)" >&2
  skip=(--skip=sign)
fi
config=()
case "${RELEASE_PLATFORMS:-all}" in
all) ;;
host)
  goos="$(go env GOOS)" goarch="$(go env GOARCH)"
  work="$(mktemp -d)"
  trap 'rm -rf "${work}"' EXIT
  # The two lines are the configuration's only goos and goarch lists; the host must be in both.
  oses="$(sed -n 's/^    goos: \[\(.*\)\]$/\1/p' .goreleaser.yml)"
  arches="$(sed -n 's/^    goarch: \[\(.*\)\]$/\1/p' .goreleaser.yml | tr -d '"')"
  case ", ${oses}, " in *", ${goos}, "*) ;; *)
    echo "release-snapshot: .goreleaser.yml has no 'goos: [...]' line listing ${goos}" >&2; exit 1 ;;
  esac
  case ", ${arches}, " in *", ${goarch}, "*) ;; *)
    echo "release-snapshot: .goreleaser.yml has no 'goarch: [...]' line listing ${goarch}" >&2; exit 1 ;;
  esac
  sed -e "s/^    goos: \[.*\]$/    goos: [${goos}]/" -e "s/^    goarch: \[.*\]$/    goarch: [\"${goarch}\"]/" \
    .goreleaser.yml >"${work}/goreleaser.yml"
  config=(--config "${work}/goreleaser.yml")
  echo "building the release for ${goos}/${goarch} only" >&2
  ;;
*)
  echo "release-snapshot: RELEASE_PLATFORMS is all (the default) or host, not ${RELEASE_PLATFORMS}" >&2
  exit 1
  ;;
esac
go run "${goreleaser}" release --snapshot --clean "${config[@]}" "${skip[@]}"

# The release publishes the manifest under its versioned name next to the zips (release.extra_files);
# a snapshot publishes nothing, so it is put in dist/ here, as the registry and the install test see it.
version="$(sed -n 's/.*"version":"\([^"]*\)".*/\1/p' dist/metadata.json)"
[ -n "${version}" ] || { echo "release-snapshot: no version in dist/metadata.json" >&2; exit 1; }
cp terraform-registry-manifest.json "dist/terraform-provider-ardoq_${version}_manifest.json"
