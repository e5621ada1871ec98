#!/usr/bin/env bash
# Builds the release artifacts of .goreleaser.yml into dist/ with a snapshot version, with goreleaser run
# pinned through `go run` ($GORELEASER, module@version): signed with gpg when GPG_FINGERPRINT names a key,
# unsigned without one (no gpg needed then).
set -euo pipefail
goreleaser="${GORELEASER:?set GORELEASER to the goreleaser module@version to run (make release-snapshot does)}"
skip=()
if [ -z "${GPG_FINGERPRINT:-}" ]; then
  echo "GPG_FINGERPRINT is not set: building unsigned (no _SHA256SUMS.sig)" >&2
  skip=(--skip=sign)
fi
go run "${goreleaser}" release --snapshot --clean "${skip[@]}"
