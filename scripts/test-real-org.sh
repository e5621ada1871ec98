#!/usr/bin/env bash
# make test-real-org: the acceptance suite in real-org mode, against an org it does not control. It
# starts the emulator command as a separate process serving internal/emulator/seed/sandbox.json (other
# ids, workspace names, type ids, type names, field keys, reports and attachments than the default seed,
# with components made "in the app" in the test workspaces), points the tests at it only through
# ARDOQ_BASE_URL, ARDOQ_API_TOKEN, ARDOQ_ORG, ARDOQ_ACC_WORKSPACE_ID and ARDOQ_ACC_WORKSPACE_ID_2,
# and then checks that the org is exactly as seeded: nothing left behind, nothing it did not create
# touched. It prints how many top-level acceptance tests ran and were skipped (and why), and fails when
# a test fails or fewer than REAL_ORG_MIN_PERCENT (85) percent of them ran. REAL_ORG_RUN narrows the run
# (a go test -run pattern, default ^TestAcc) while working on a test; REAL_ORG_LOG=FILE keeps go test's
# verbose output; REAL_ORG_LATENCY=100ms makes every request as slow as a real org across the internet,
# and REAL_ORG_PARALLEL=N runs N tests at once (go test's default: one per CPU).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
terraform="${TERRAFORM:-$(./scripts/terraform-path.sh)}"
min_percent="${REAL_ORG_MIN_PERCENT:-85}"
run="${REAL_ORG_RUN:-^TestAcc}"
latency="${REAL_ORG_LATENCY:-0}"
parallel="${REAL_ORG_PARALLEL:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}"
seed="${REAL_ORG_SEED:-internal/emulator/seed/sandbox.json}"
org="sandbox"
# Sandbox Services and Sandbox Hosting (one model); REAL_ORG_SEED and these two try the tests on another org.
ws="${REAL_ORG_WS:-7e570000000000000000a0a1}" ws2="${REAL_ORG_WS2:-7e570000000000000000a0a2}"
work="$(mktemp -d)"
emulator_pid=""
stop_emulator() {
  if [ -n "$emulator_pid" ]; then
    kill "$emulator_pid" 2>/dev/null || true
    wait "$emulator_pid" 2>/dev/null || true
    emulator_pid=""
  fi
}
trap 'stop_emulator; rm -rf "$work"' EXIT

go build -o "$work/ardoq-emulator" ./internal/cmd/ardoq-emulator
token="real-org-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
"$work/ardoq-emulator" -addr 127.0.0.1:0 -token "$token" -org "$org" -seed "$seed" -page-size 20 \
  -latency "$latency" >"$work/emulator.log" 2>&1 &
emulator_pid=$!

# get PATH: prints the body of GET /api/v2$PATH (bash's /dev/tcp: no curl needed), fails unless 200.
get() {
  local hostport="${base_url#http://}" response
  exec 3<>"/dev/tcp/${hostport%:*}/${hostport##*:}" || return 1
  printf 'GET /api/v2%s HTTP/1.0\r\nHost: %s\r\nAuthorization: Bearer %s\r\nX-org: %s\r\nUser-Agent: test-real-org\r\nAccept: application/json\r\n\r\n' \
    "$1" "$hostport" "$token" "$org" >&3
  response="$(cat <&3)"
  exec 3<&-
  case "${response%%$'\r'*}" in *" 200 "*) ;; *) return 1 ;; esac
  printf '%s\n' "${response#*$'\r\n\r\n'}"
}

base_url=""
for _ in $(seq 1 100); do
  base_url="$(sed -n 's/.*base_url=\([^ ]*\).*/\1/p' "$work/emulator.log" | head -n1)"
  if [ -n "$base_url" ] && get /me >/dev/null 2>&1; then break; fi
  base_url=""
  sleep 0.1
done
[ -n "$base_url" ] || { cat "$work/emulator.log"; echo "the emulator did not answer" >&2; exit 1; }
echo "real org: the emulator as a separate process at $base_url (org $org, seed $seed)"

# What the seed holds, to compare the org with after the run.
count() { { grep -o "$1" || true; } | wc -l | tr -d ' '; }
seeded_components="$(get /components | count '"rootWorkspace":')"
seeded_references="$(get /references | count '"rootWorkspace":')"

start=$(date +%s)
status=0
ARDOQ_BASE_URL="$base_url" ARDOQ_API_TOKEN="$token" ARDOQ_ORG="$org" \
  ARDOQ_ACC_WORKSPACE_ID="$ws" ARDOQ_ACC_WORKSPACE_ID_2="$ws2" \
  TF_ACC=1 TF_ACC_TERRAFORM_PATH="$terraform" \
  go test -count=1 -v -run "$run" -parallel "$parallel" -timeout 30m ./internal/provider/ >"$work/test.log" 2>&1 || status=$?
elapsed=$(($(date +%s) - start))
if [ -n "${REAL_ORG_LOG:-}" ]; then cp "$work/test.log" "$REAL_ORG_LOG"; fi

# Top-level results only (subtests are indented). The reason for a skip is the last line the test logged
# before its "--- SKIP" (go test -v streams a test's lines after an "=== RUN/CONT/NAME" header naming it).
# A test skipped for the Terraform CLI's version skips against the emulator too: it is listed, and left
# out of the percentage, which is about what needs the emulator.
awk '/^=== (RUN|CONT|NAME) / { current = $3; next }
  /^    [^ ]/ && current != "" { line = $0; sub(/^ +/, "", line); last[current] = line; next }
  /^--- SKIP: TestAcc/ { printf "%s\t%s\n", $3, last[$3] }' "$work/test.log" >"$work/skipped.tsv"
passed="$(grep -c '^--- PASS: TestAcc' "$work/test.log" || true)"
failed="$(grep -c '^--- FAIL: TestAcc' "$work/test.log" || true)"
version_re='Terraform( CLI version)? v?[0-9.]+ is (below|older than)'
version_skipped="$(grep -cE "$version_re" "$work/skipped.tsv" || true)"
skipped=$(($(wc -l <"$work/skipped.tsv") - version_skipped))
ran=$((passed + failed))
total=$((ran + skipped))
if [ "$skipped" -gt 0 ]; then
  echo "skipped against a real org:"
  grep -vE "$version_re" "$work/skipped.tsv" | awk -F'\t' '{ printf "  %-55s %s\n", $1, $2 }'
fi
if [ "$version_skipped" -gt 0 ]; then
  echo "skipped for the Terraform CLI's version (in either mode; not counted):"
  grep -E "$version_re" "$work/skipped.tsv" | awk -F'\t' '{ printf "  %-55s %s\n", $1, $2 }'
fi
# Top-level tests that passed with every subtest skipped (counted as run, as go test reports them).
awk '/^--- PASS: TestAcc/ { top[$3] = 1 }
  /^ +--- (PASS|FAIL): TestAcc/ { split($3, p, "/"); ran[p[1]] = 1 }
  /^ +--- SKIP: TestAcc/ { split($3, p, "/"); sub_skipped[p[1]] = 1 }
  END { for (t in top) if (sub_skipped[t] && !ran[t]) printf "  %s\n", t }' "$work/test.log" >"$work/hollow.txt"
if [ -s "$work/hollow.txt" ]; then
  echo "passed with every subtest skipped against a real org:"
  sort "$work/hollow.txt"
fi
if [ "$failed" -gt 0 ] || [ "$status" -ne 0 ]; then
  grep -E '^(--- FAIL|FAIL|panic)' "$work/test.log" || true
  echo "--- the failing tests' output:"
  awk '/^=== RUN/ { keep = 0 } /^--- FAIL/ { keep = 1 } keep' "$work/test.log" | tail -n 200
  tail -n 30 "$work/test.log"
fi

# The org must be as seeded: the same number of components and references, every one at version 1.
components="$(get /components)"
references="$(get /references)"
org_ok=1
if [ "$(count '"rootWorkspace":' <<<"$components")" != "$seeded_components" ] ||
  [ "$(count '"rootWorkspace":' <<<"$references")" != "$seeded_references" ]; then
  echo "the org is not as seeded: $(count '"rootWorkspace":' <<<"$components") components and $(count '"rootWorkspace":' <<<"$references") references, want $seeded_components and $seeded_references" >&2
  org_ok=0
fi
if [ "$(count '"_version":1,' <<<"$components")" != "$seeded_components" ] || [ "$(count '"_version":1,' <<<"$references")" != "$seeded_references" ]; then
  echo "a test changed a component or reference it did not create" >&2
  org_ok=0
fi
stop_emulator

percent=$((total > 0 ? ran * 100 / total : 0))
echo "real org: $ran of $total acceptance tests ran ($percent%), $skipped skipped, $failed failed, in ${elapsed}s" \
  "($version_skipped more skipped for the Terraform version)"
[ "$org_ok" -eq 1 ] || exit 1
[ "$failed" -eq 0 ] && [ "$status" -eq 0 ] || exit 1
if [ $((ran * 100)) -lt $((min_percent * total)) ]; then
  echo "fewer than $min_percent% of the acceptance tests ran against the real org" >&2
  exit 1
fi
echo "org left as seeded: $seeded_components components and $seeded_references references, none changed"
