#!/usr/bin/env bash
# make test-real-org: the acceptance suite in real-org mode, against an org it does not control. It
# starts the emulator command as a separate process serving internal/emulator/seed/sandbox.json (other
# ids, workspace names, type ids, type names, field keys, reports and attachments than the default seed,
# with components made "in the app" in the test workspaces), points the tests at it only through
# ARDOQ_BASE_URL, ARDOQ_API_TOKEN, ARDOQ_ORG, ARDOQ_ACC_WORKSPACE_ID and ARDOQ_ACC_WORKSPACE_ID_2,
# and then checks that the org is exactly as seeded: nothing left behind, nothing it did not create
# touched. It prints how many top-level acceptance tests ran and were skipped (and why), and how many
# subtests skipped (each with why: a part of its test the org cannot cover), and fails when a test
# fails or fewer than REAL_ORG_MIN_PERCENT (80) percent of the top-level tests ran. A test whose subtests all
# skipped did not run, though go test says PASS, and neither did one skipped for the Terraform CLI's
# version (listed apart: it skips against the emulator too); both count in the total. REAL_ORG_RUN
# narrows the run (a go test -run pattern, default ^TestAcc: make test-real-org gives the thin org
# _everyOrg$, the tests whose outcome depends on what the org holds); REAL_ORG_LOG=FILE
# keeps go test's verbose output; REAL_ORG_LATENCY=100ms makes every request as slow as a real org
# across the internet, and REAL_ORG_PARALLEL=N runs N tests at once (go test's default: one per CPU).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
terraform="${TERRAFORM:-$(./scripts/terraform-path.sh)}"
min_percent="${REAL_ORG_MIN_PERCENT:-80}"
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
  go test -count=1 -v -run "$run" -parallel "$parallel" -p 1 -timeout 30m ./internal/provider/... >"$work/test.log" 2>&1 || status=$?
elapsed=$(($(date +%s) - start))
if [ -n "${REAL_ORG_LOG:-}" ]; then cp "$work/test.log" "$REAL_ORG_LOG"; fi

# One line per top-level acceptance test: its name, what it came to (pass, fail, skip, or hollow: it
# passed with every subtest skipped, so nothing of it ran) and, for a skip, why; then one line per
# skipped subtest, with why: part in a test that ran, unran in one that did not. The reason for a skip is
# the last line the test logged before its "--- SKIP" (go test -v streams a test's lines after an
# "=== RUN/CONT/NAME" header naming it); a hollow test's are its subtests' distinct reasons. Only leaf
# subtests count: a test ran if one of them passed or failed.
awk '/^=== (RUN|CONT|NAME|PAUSE) / { current = $3; next }
  /^ *--- (PASS|FAIL|SKIP): TestAcc/ { status = $2; sub(/:$/, "", status); result[$3] = status; names[++n] = $3; next }
  /^    [^ ]/ && current != "" { line = $0; sub(/^ +/, "", line); last[current] = line; next }
  END {
    for (i = 1; i <= n; i++) {
      top = names[i]
      if (index(top, "/")) continue
      leaves = 0; ran = 0; reasons = ""; parts = ""
      for (j = 1; j <= n; j++) {
        sub_name = names[j]
        if (index(sub_name, top "/") != 1) continue
        leaf = 1
        for (k = 1; k <= n; k++) if (index(names[k], sub_name "/") == 1) { leaf = 0; break }
        if (!leaf) continue
        leaves++
        if (result[sub_name] != "SKIP") ran = 1
        else {
          parts = parts sub_name "\tKIND\t" last[sub_name] "\n"
          if (index(" | " reasons " | ", " | " last[sub_name] " | ") == 0) reasons = reasons (reasons == "" ? "" : " | ") last[sub_name]
        }
      }
      kind = tolower(result[top])
      reason = kind == "skip" ? last[top] : ""
      if (kind == "pass" && leaves > 0 && !ran) { kind = "hollow"; reason = "all " leaves " subtests skipped: " reasons }
      printf "%s\t%s\t%s\n", top, kind, reason
      gsub(/\tKIND\t/, ran ? "\tpart\t" : "\tunran\t", parts)
      printf "%s", parts
    }
  }' "$work/test.log" >"$work/results.tsv"
# A test skipped for the Terraform CLI's version skips against the emulator too: it is listed on its own,
# and counted among the tests that did not run.
version_re='Terraform( CLI version)? v?[0-9.]+ is (below|older than)'
# tally KIND WHY: the results of a kind (a regular expression), skipped for the version (WHY=version),
# for anything else (org), or either (any).
tally() { awk -F'\t' -v kind="$1" -v why="$2" -v version_re="$version_re" \
  '$2 ~ kind && (why == "any" || ($3 ~ version_re) == (why == "version")) { print }' "$work/results.tsv"; }
list() { awk -F'\t' '{ printf "  %-55s %s\n", $1, $3 }'; }
passed="$(tally '^pass$' any | wc -l | tr -d ' ')"
failed="$(tally '^fail$' any | wc -l | tr -d ' ')"
skipped="$(tally '^skip$' org | wc -l | tr -d ' ')"
hollow="$(tally '^hollow$' org | wc -l | tr -d ' ')"
version_skipped="$(tally '^(skip|hollow)$' version | wc -l | tr -d ' ')"
parts_skipped="$(tally '^part$' any | wc -l | tr -d ' ')"
unran_skipped="$(tally '^unran$' any | wc -l | tr -d ' ')"
ran=$((passed + failed))
total=$((ran + skipped + hollow + version_skipped))
if [ "$skipped" -gt 0 ]; then
  echo "skipped against a real org:"
  tally '^skip$' org | list
fi
if [ "$hollow" -gt 0 ]; then
  echo "every subtest skipped against a real org (go test says PASS; counted as skipped):"
  tally '^hollow$' org | list
fi
if [ "$unran_skipped" -gt 0 ]; then
  echo "the $unran_skipped skipped subtests of the tests above that did not run:"
  tally '^unran$' any | list
fi
if [ "$parts_skipped" -gt 0 ]; then
  echo "ran, with these $parts_skipped subtests skipped (a part of the test the org cannot cover):"
  tally '^part$' any | list
fi
if [ "$version_skipped" -gt 0 ]; then
  echo "skipped for the Terraform CLI's version, in either mode (counted as skipped):"
  tally '^(skip|hollow)$' version | list
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
echo "real org: $ran of $total acceptance tests ran ($percent%), $((skipped + hollow)) skipped against a real org" \
  "($hollow of them with every subtest skipped), $version_skipped skipped for the Terraform version, $failed failed," \
  "$((parts_skipped + unran_skipped)) subtests skipped ($parts_skipped of them in tests that ran), in ${elapsed}s"
[ "$org_ok" -eq 1 ] || exit 1
[ "$failed" -eq 0 ] && [ "$status" -eq 0 ] || exit 1
if [ "$total" -eq 0 ]; then
  echo "no acceptance test matched $run" >&2
  exit 1
fi
if [ $((ran * 100)) -lt $((min_percent * total)) ]; then
  echo "fewer than $min_percent% of the acceptance tests ran against the real org" >&2
  exit 1
fi
echo "org left as seeded: $seeded_components components and $seeded_references references, none changed"
