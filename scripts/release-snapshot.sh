#!/usr/bin/env bash
# Builds the release artifacts of .goreleaser.yml into dist/ and those of .goreleaser-tools.yml (the
# emulator's and the snapshot's archives) into dist/tools/ with a snapshot version, with goreleaser run
# pinned through `go run` ($GORELEASER, module@version), after `goreleaser check` of each configuration:
# signed with gpg when GPG_FINGERPRINT names a key, unsigned without one (no gpg needed then).
# RELEASE_PLATFORMS=host builds this machine's platform only (make release-host, as CI does): the same
# configuration with its goos and goarch narrowed to this machine's, so the zip, the SHA256SUMS and the
# manifest are laid out exactly as in a release. goreleaser's own --single-target is for `build` only,
# which makes no archives.
set -euo pipefail
cd "$(dirname "$0")/.."
goreleaser="${GORELEASER:?set GORELEASER to the goreleaser module@version to run (make release-snapshot does)}"
go run "${goreleaser}" check
go run "${goreleaser}" check --config .goreleaser-tools.yml
skip=()
if [ -z "${GPG_FINGERPRINT:-}" ]; then
  echo "GPG_FINGERPRINT is not set: building unsigned (no _SHA256SUMS.sig)" >&2
  skip=(--skip=sign)
fi
config=(--config .goreleaser.yml) tools=(--config .goreleaser-tools.yml)
case "${RELEASE_PLATFORMS:-all}" in
all) ;;
host)
  goos="$(go env GOOS)" goarch="$(go env GOARCH)"
  work="$(mktemp -d)"
  trap 'rm -rf "${work}"' EXIT
  # Each build's goos and goarch lists are one line each; the host must be in all of them.
  for file in .goreleaser.yml .goreleaser-tools.yml; do
    while read -r list; do
      case ", ${list}, " in *", ${goos}, "*) ;; *)
        echo "release-snapshot: a 'goos: [${list}]' line of ${file} does not list ${goos}" >&2; exit 1 ;;
      esac
    done < <(sed -n 's/^    goos: \[\(.*\)\]$/\1/p' "${file}")
    while read -r list; do
      case ", ${list}, " in *", ${goarch}, "*) ;; *)
        echo "release-snapshot: a 'goarch: [${list}]' line of ${file} does not list ${goarch}" >&2; exit 1 ;;
      esac
    done < <(sed -n 's/^    goarch: \[\(.*\)\]$/\1/p' "${file}" | tr -d '"')
    sed -e "s/^    goos: \[.*\]$/    goos: [${goos}]/" -e "s/^    goarch: \[.*\]$/    goarch: [\"${goarch}\"]/" \
      "${file}" >"${work}/${file#.}"
  done
  config=(--config "${work}/goreleaser.yml") tools=(--config "${work}/goreleaser-tools.yml")
  echo "building the release for ${goos}/${goarch} only" >&2
  ;;
*)
  echo "release-snapshot: RELEASE_PLATFORMS is all (the default) or host, not ${RELEASE_PLATFORMS}" >&2
  exit 1
  ;;
esac
go run "${goreleaser}" release --snapshot --clean "${config[@]}" "${skip[@]}"
# Into dist/tools/ (its dist:), after the provider's run has cleaned dist/.
go run "${goreleaser}" release --snapshot --clean "${tools[@]}"

# The release publishes the manifest under its versioned name next to the zips (release.extra_files);
# a snapshot publishes nothing, so it is put in dist/ here, as the registry and the install test see it.
version="$(sed -n 's/.*"version":"\([^"]*\)".*/\1/p' dist/metadata.json)"
[ -n "${version}" ] || { echo "release-snapshot: no version in dist/metadata.json" >&2; exit 1; }
cp terraform-registry-manifest.json "dist/terraform-provider-ardoq_${version}_manifest.json"
