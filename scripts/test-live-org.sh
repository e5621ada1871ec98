#!/usr/bin/env bash
# make test-live-org: the acceptance suite in real-org mode against the org the environment names
# (ARDOQ_BASE_URL, ARDOQ_API_TOKEN, ARDOQ_ORG, and two test workspaces sharing a model,
# ARDOQ_ACC_WORKSPACE_ID and ARDOQ_ACC_WORKSPACE_ID_2); it refuses to start without them. The live
# workflow (.github/workflows/live.yml) runs it nightly against a sandbox org, and
# scripts/test-foreign-org.sh against the emulator as a stand-in org.
#
# Before the run it lists the components of the two workspaces and the references from and to them
# (scripts/orglisting); after it, and on an interrupt (Ctrl-C, a cancelled job's SIGINT or SIGTERM), it
# deletes what the token's user made since that listing (what someone else made meanwhile on a shared
# sandbox is left alone and named), then compares the org with it: nothing the run made may remain,
# nothing else may have changed. It reports how many top-level acceptance tests ran and were skipped (and
# why), and how many subtests skipped (each with why: a part of its test the org cannot cover), and fails
# when a test fails, the org is not as found, or fewer than REAL_ORG_MIN_PERCENT (80) percent of the
# top-level tests ran. A test whose subtests all skipped did not run, though go test says PASS, and neither
# did one skipped for the Terraform CLI's version (listed apart); both count in the total.
#
# The report (markdown), the test log and the two listings go to LIVE_ORG_OUT (default: a new temporary
# directory, named at the end), and the report also to $GITHUB_STEP_SUMMARY when set. REAL_ORG_RUN narrows
# the run (a go test -run pattern, default ^TestAcc); REAL_ORG_PARALLEL=N runs N tests at once (default one
# per CPU); REAL_ORG_LOG=FILE copies go test's verbose output there too.
#
# scripts/test-live-org.sh clean: only the clean-up, from the listing an interrupted run left in
# LIVE_ORG_OUT (the workflow's step that runs even when the job is cancelled).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

required=(ARDOQ_BASE_URL ARDOQ_API_TOKEN ARDOQ_ORG ARDOQ_ACC_WORKSPACE_ID ARDOQ_ACC_WORKSPACE_ID_2)
missing=()
for name in "${required[@]}"; do
  if [ -z "${!name:-}" ]; then missing+=("$name"); fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  cat >&2 <<EOF
test-live-org: not started: set ${missing[*]}.
It runs the acceptance tests against the org these name, and needs all five:
  ARDOQ_BASE_URL            the org's address, e.g. https://myorg.ardoq.com
  ARDOQ_API_TOKEN           an API token of a user who may write in the two workspaces
  ARDOQ_ORG                 the org's label
  ARDOQ_ACC_WORKSPACE_ID    a workspace kept for these tests (never a production one)
  ARDOQ_ACC_WORKSPACE_ID_2  a second one with the same component model
To try it without an org: make test-foreign-org (the emulator as a stand-in org).
EOF
  exit 2
fi

out="${LIVE_ORG_OUT:-$(mktemp -d)}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
work="$(mktemp -d)"
ws="$ARDOQ_ACC_WORKSPACE_ID" ws2="$ARDOQ_ACC_WORKSPACE_ID_2"
go build -o "$work/orglisting" ./scripts/orglisting
orglisting() { "$work/orglisting" "$@" -workspace "$ws" -workspace "$ws2"; }

if [ "${1:-}" = "clean" ]; then
  [ -f "$out/org-before.tsv" ] || { echo "test-live-org clean: no listing in $out (the run did not get as far as taking it): nothing to clean" >&2; exit 0; }
  orglisting clean -before "$out/org-before.tsv"
  rm -rf "$work"
  exit 0
fi

terraform="${TERRAFORM:-$(./scripts/terraform-path.sh)}"
min_percent="${REAL_ORG_MIN_PERCENT:-80}"
run="${REAL_ORG_RUN:-^TestAcc}"
parallel="${REAL_ORG_PARALLEL:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}"

cat <<EOF
test-live-org: the acceptance tests matching $run, against org $ARDOQ_ORG at $ARDOQ_BASE_URL.
  They create components and references in workspaces $ws and $ws2 only, named with a suffix of
  their test (-xxxxxx), change and delete only what they created, and destroy it at the end of each test.
  Afterwards (or on Ctrl-C) this script deletes whatever is new in the two workspaces since the listing it
  takes now, and fails if the org is not as it found it. Results, log and listings: $out
EOF

orglisting list -out "$out/org-before.tsv"
echo "listed before the run: $(grep -c '^component' "$out/org-before.tsv" || true) components and $(grep -c '^reference' "$out/org-before.tsv" || true) references"

# The tests run in a process group of their own, so that an interrupt stops all of them (go test, the test
# binaries, the CLIs they start) before the clean-up deletes what they left.
tests_pid="" cleaned=0
stop_tests() {
  if [ -n "$tests_pid" ] && kill -0 "$tests_pid" 2>/dev/null; then
    kill -TERM -- "-$tests_pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$tests_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$tests_pid" 2>/dev/null || true
  fi
  tests_pid=""
}
clean_up() {
  [ "$cleaned" -eq 0 ] || return 0
  cleaned=1
  stop_tests
  echo "deleting what the run left in the two workspaces:"
  orglisting clean -before "$out/org-before.tsv" | sed 's/^/  /' || echo "  the clean-up failed: see the listing in $out" >&2
}
on_signal() {
  trap - INT TERM
  echo "interrupted: stopping the tests and cleaning up" >&2
  clean_up
  rm -rf "$work"
  exit 130
}
trap on_signal INT TERM
trap 'stop_tests; rm -rf "$work"' EXIT

start=$(date +%s)
status=0
TF_ACC=1 TF_ACC_TERRAFORM_PATH="$terraform" setsid go test -count=1 -v -run "$run" -parallel "$parallel" -p 1 -timeout 30m \
  ./internal/provider/... >"$out/test.log" 2>&1 &
tests_pid=$!
wait "$tests_pid" || status=$?
tests_pid=""
elapsed=$(($(date +%s) - start))
if [ -n "${REAL_ORG_LOG:-}" ]; then cp "$out/test.log" "$REAL_ORG_LOG"; fi
clean_up

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
  }' "$out/test.log" >"$out/results.tsv"
# A test skipped for the Terraform CLI's version skips against the emulator too: it is listed on its own,
# and counted among the tests that did not run.
version_re='Terraform( CLI version)? v?[0-9.]+ is (below|older than)'
# tally KIND WHY: the results of a kind (a regular expression), skipped for the version (WHY=version),
# for anything else (org), or either (any).
tally() { awk -F'\t' -v kind="$1" -v why="$2" -v version_re="$version_re" \
  '$2 ~ kind && (why == "any" || ($3 ~ version_re) == (why == "version")) { print }' "$out/results.tsv"; }
list() { awk -F'\t' '{ printf "- `%s`%s\n", $1, ($3 == "" ? "" : ": " $3) }'; }
passed="$(tally '^pass$' any | wc -l | tr -d ' ')"
failed="$(tally '^fail$' any | wc -l | tr -d ' ')"
skipped="$(tally '^skip$' org | wc -l | tr -d ' ')"
hollow="$(tally '^hollow$' org | wc -l | tr -d ' ')"
version_skipped="$(tally '^(skip|hollow)$' version | wc -l | tr -d ' ')"
parts_skipped="$(tally '^part$' any | wc -l | tr -d ' ')"
unran_skipped="$(tally '^unran$' any | wc -l | tr -d ' ')"
ran=$((passed + failed))
total=$((ran + skipped + hollow + version_skipped))
percent=$((total > 0 ? ran * 100 / total : 0))

org_status=0
orglisting check -before "$out/org-before.tsv" -out "$out/org-after.tsv" >"$work/org-check.txt" || org_status=$?

section() { # section TITLE KIND WHY: a heading and the list, when there is something to list
  local lines
  lines="$(tally "$2" "$3" | list)"
  if [ -n "$lines" ]; then printf '\n### %s\n\n%s\n' "$1" "$lines"; fi
}
{
  echo "## Acceptance tests against org \`$ARDOQ_ORG\`"
  echo
  echo "$ran of $total acceptance tests ran ($percent%), $((skipped + hollow)) skipped against a real org" \
    "($hollow of them with every subtest skipped), $version_skipped skipped for the Terraform version, $failed failed," \
    "$((parts_skipped + unran_skipped)) subtests skipped ($parts_skipped of them in tests that ran), in ${elapsed}s" \
    "(\`go test\` exited $status; at least $min_percent% must run)."
  echo
  echo "### The org after the run"
  echo
  cat "$work/org-check.txt"
  section "Failed" '^fail$' any
  section "Skipped against a real org" '^skip$' org
  section "Every subtest skipped against a real org (go test says PASS; counted as skipped)" '^hollow$' org
  section "Skipped subtests of the tests above, which did not run" '^unran$' any
  section "Ran, with these subtests skipped (a part of the test the org cannot cover)" '^part$' any
  section "Skipped for the Terraform CLI's version, in either mode (counted as skipped)" '^(skip|hollow)$' version
} >"$out/report.md"
cat "$out/report.md"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$out/report.md" >>"$GITHUB_STEP_SUMMARY"; fi

if [ "$failed" -gt 0 ] || [ "$status" -ne 0 ]; then
  grep -E '^(--- FAIL|FAIL|panic)' "$out/test.log" || true
  # go test -v interleaves parallel tests' lines, each run after an "=== RUN/CONT/NAME <test>" header.
  for name in $(tally '^fail$' any | cut -f1); do
    echo "--- the output of $name:"
    awk -v name="$name" '/^=== (RUN|CONT|NAME|PAUSE) / { keep = ($3 == name || index($3, name "/") == 1); next } keep' \
      "$out/test.log" | tail -n 100
  done
  tail -n 30 "$out/test.log"
fi
echo "report, test log and listings: $out"
[ "$org_status" -eq 0 ] || { echo "the org is not as the run found it" >&2; exit 1; }
[ "$failed" -eq 0 ] && [ "$status" -eq 0 ] || exit 1
if [ "$total" -eq 0 ]; then
  echo "no acceptance test matched $run" >&2
  exit 1
fi
if [ $((ran * 100)) -lt $((min_percent * total)) ]; then
  echo "fewer than $min_percent% of the acceptance tests ran against the org" >&2
  exit 1
fi
