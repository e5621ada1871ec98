#!/usr/bin/env bash
# make test-foreign-org: the live workflow's script (scripts/test-live-org.sh) against a stand-in for a
# real org that this project does not control. It starts the emulator command as a separate process
# serving internal/emulator/seed/sandbox.json (other ids, workspace names, type ids, type names, field
# keys, reports and attachments than the default seed, with components made "in the app" in the test
# workspaces) and gives the script only what the workflow gives it from its secrets: ARDOQ_BASE_URL,
# ARDOQ_API_TOKEN, ARDOQ_ORG, ARDOQ_ACC_WORKSPACE_ID and ARDOQ_ACC_WORKSPACE_ID_2. The script runs the
# acceptance suite in real-org mode, reports what ran and skipped (and why), cleans up and compares the org
# with its listing from before. Then this script checks the script's work on its own: the org exactly as
# seeded (the same components and references, every one at version 1: nothing left behind, nothing it
# did not create touched), and a report that says so and lists the seed's entities in both listings.
# REAL_ORG_RUN narrows the run (a go test -run pattern, default ^TestAcc: make test-foreign-org gives the
# thin org _everyOrg$, the tests whose outcome depends on what the org holds); REAL_ORG_MIN_PERCENT,
# REAL_ORG_PARALLEL and REAL_ORG_LOG are the live script's; REAL_ORG_LATENCY=100ms makes every request as
# slow as a real org across the internet; LIVE_ORG_OUT keeps the report, log and listings.
# REAL_ORG_INTERRUPT=1 stands for a cancelled job: SIGTERM to the script as soon as the tests have made a
# component, then the org must be as seeded all the same (make test-foreign-org-interrupt).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
terraform="${TERRAFORM:-$(./scripts/terraform-path.sh)}"
latency="${REAL_ORG_LATENCY:-0}"
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
  -latency "$latency" -request-log "$work/requests.log" >"$work/emulator.log" 2>&1 &
emulator_pid=$!

# get PATH: prints the body of GET /api/v2$PATH (bash's /dev/tcp: no curl needed), fails unless 200.
get() {
  local hostport="${base_url#http://}" response
  exec 3<>"/dev/tcp/${hostport%:*}/${hostport##*:}" || return 1
  printf 'GET /api/v2%s HTTP/1.0\r\nHost: %s\r\nAuthorization: Bearer %s\r\nX-org: %s\r\nUser-Agent: test-foreign-org\r\nAccept: application/json\r\n\r\n' \
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
echo "foreign org: the emulator as a separate process at $base_url (org $org, seed $seed)"

# What the seed holds, to compare the org with after the run.
count() { { grep -o "$1" || true; } | wc -l | tr -d ' '; }
seeded_components="$(get /components | count '"rootWorkspace":')"
seeded_references="$(get /references | count '"rootWorkspace":')"

out="${LIVE_ORG_OUT:-$work/out}"
status=0
ARDOQ_BASE_URL="$base_url" ARDOQ_API_TOKEN="$token" ARDOQ_ORG="$org" \
  ARDOQ_ACC_WORKSPACE_ID="$ws" ARDOQ_ACC_WORKSPACE_ID_2="$ws2" \
  TERRAFORM="$terraform" LIVE_ORG_OUT="$out" ./scripts/test-live-org.sh &
live_pid=$!
if [ -n "${REAL_ORG_INTERRUPT:-}" ]; then
  # A cancelled job: SIGTERM once the tests hold something in the org, then the org must be as seeded.
  for _ in $(seq 1 600); do
    if [ "$(get /components | count '"rootWorkspace":')" -gt "$seeded_components" ]; then break; fi
    sleep 0.1
  done
  made="$(get /components | count '"rootWorkspace":')"
  echo "foreign org: interrupting the run while the org holds $((made - seeded_components)) components it made"
  kill -TERM "$live_pid"
fi
wait "$live_pid" || status=$?

# What the run cost the org, as the nightly's estimate (CONTRIBUTING.md): requests by method, and the
# writes that create.
awk '{ n++; by[$1]++ } $1 == "POST" { posts[$2]++ }
  END {
    printf "foreign org: the run sent %d requests:", n; for (m in by) printf " %s %d", m, by[m]; printf "; creating:"
    for (p in posts) printf " %s %d", p, posts[p]; printf "\n"
  }' "$work/requests.log" 2>/dev/null || true

# The org must be as seeded: the same number of components and references, every one at version 1.
components="$(get /components)"
references="$(get /references)"
stop_emulator
checked=1
fail() { echo "test-foreign-org: $*" >&2; checked=0; }
if [ "$(count '"rootWorkspace":' <<<"$components")" != "$seeded_components" ] ||
  [ "$(count '"rootWorkspace":' <<<"$references")" != "$seeded_references" ]; then
  fail "the org is not as seeded: $(count '"rootWorkspace":' <<<"$components") components and $(count '"rootWorkspace":' <<<"$references") references, want $seeded_components and $seeded_references"
fi
if [ "$(count '"_version":1,' <<<"$components")" != "$seeded_components" ] || [ "$(count '"_version":1,' <<<"$references")" != "$seeded_references" ]; then
  fail "a test changed a component or reference it did not create"
fi
if [ -n "${REAL_ORG_INTERRUPT:-}" ]; then
  [ "$made" -gt "$seeded_components" ] || fail "the tests made nothing in a minute: the interrupt tested no clean-up"
  [ "$status" -eq 130 ] || fail "the interrupted script exited $status, want 130"
  [ "$checked" -eq 1 ] || exit 1
  echo "interrupted, the org was left as seeded: $seeded_components components and $seeded_references references, none changed"
  exit 0
fi
# The live script's own account: its report, and its listings of the test workspaces before and after,
# the same and naming the seed's entities.
grep -q '^## Acceptance tests against org `'"$org"'`' "$out/report.md" 2>/dev/null || fail "the report ($out/report.md) is missing or has no heading"
grep -Eq '^[0-9]+ of [0-9]+ acceptance tests ran' "$out/report.md" 2>/dev/null || fail "the report does not say how many tests ran"
if [ "$checked" -eq 1 ] && ! grep -q '^The org is as it was found' "$out/report.md"; then
  fail "the org is as seeded, but the report does not say it was left as found"
fi
if ! [ -s "$out/org-before.tsv" ] || ! cmp -s "$out/org-before.tsv" "$out/org-after.tsv"; then
  fail "the listings before and after the run ($out/org-*.tsv) are missing or differ"
fi
listed="$(awk -F'\t' '$1 == "component" { n++ } END { print n + 0 }' "$out/org-before.tsv" 2>/dev/null || echo 0)"
in_workspaces="$( { grep -oE '"rootWorkspace":"('"$ws"'|'"$ws2"')"' || true; } <<<"$components" | wc -l | tr -d ' ')"
[ "$listed" = "$in_workspaces" ] || fail "the listing names $listed components, the test workspaces hold $in_workspaces"
[ "$checked" -eq 1 ] || exit 1
[ "$status" -eq 0 ] || exit "$status"
echo "org left as seeded: $seeded_components components and $seeded_references references, none changed; the report and listings agree"
