#!/usr/bin/env bash
# scripts/release-notes.sh <version> [changelog]: prints the section of CHANGELOG.md (or the file given)
# for that version, without its heading, for goreleaser's --release-notes. The version may carry the
# tag's "v" (v0.1.0 and 0.1.0 are the same); the heading is Keep a Changelog's "## [0.1.0] - 2026-11-24",
# or "## 0.1.0". Fails, saying so, when the file has no section for the version or the section is empty.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ -z "$1" ]; then
  echo "usage: $0 <version> [changelog]   (e.g. $0 v0.1.0)" >&2
  exit 2
fi
version="${1#v}"
changelog="${2:-$(cd "$(dirname "$0")/.." && pwd)/CHANGELOG.md}"
[ -r "${changelog}" ] || { echo "release-notes: cannot read ${changelog}" >&2; exit 1; }

# The section runs from its "## " heading to the next "## " heading or the link definitions at the end
# ("[0.1.0]: https://..."); blank lines around it are dropped.
notes="$(awk -v version="${version}" '
  /^## / {
    if (found) exit
    heading = substr($0, 4)
    sub(/[ \t]+-.*$/, "", heading)  # " - 2026-11-24"
    gsub(/[][ \t]/, "", heading)     # "[0.1.0]"
    if (heading == version) { found = 1; next }
  }
  found && /^\[[^]]+\]: / { exit }
  found { print }
  END { if (!found) exit 3 }
' "${changelog}")" || {
  code=$?
  if [ "${code}" -eq 3 ]; then
    echo "release-notes: ${changelog} has no section for version ${version} (a heading \"## [${version}] - YYYY-MM-DD\"); add one before tagging v${version}" >&2
  fi
  exit 1
}
# Trim leading and trailing blank lines.
notes="$(printf '%s\n' "${notes}" | sed -e '/./,$!d')"
if [ -z "${notes//[[:space:]]/}" ]; then
  echo "release-notes: the section for version ${version} in ${changelog} is empty" >&2
  exit 1
fi
printf '%s\n' "${notes}"
