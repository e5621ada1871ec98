#!/usr/bin/env bash
# make demo: builds the provider and the emulator, starts the emulator on a free loopback port with a
# fresh org, points Terraform at the local build (dev_overrides, no registry), applies examples/demo,
# plans again to show nothing drifts, prints what to look at, and stops the emulator.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
terraform="${TERRAFORM:-$(./scripts/terraform-path.sh)}"
cli="$(basename "$terraform")" # terraform, or tofu with make demo-tofu
work="$root/.demo"
rm -rf "$work" && mkdir -p "$work/bin" "$work/config"

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

step "Building the provider and the emulator"
go build -o "$work/bin/terraform-provider-ardoq" .
go build -o "$work/bin/ardoq-emulator" ./internal/cmd/ardoq-emulator

step "Starting the Ardoq emulator (fresh org, free loopback port)"
token="demo-$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
"$work/bin/ardoq-emulator" -addr 127.0.0.1:0 -token "$token" -org demo -state "$work/emulator-state.json" >"$work/emulator.log" 2>&1 &
emulator_pid=$!
trap 'kill $emulator_pid 2>/dev/null || true; wait $emulator_pid 2>/dev/null || true' EXIT
base_url=""
for _ in $(seq 1 100); do
  base_url="$(sed -n 's/.*base_url=\([^ ]*\).*/\1/p' "$work/emulator.log" | head -n1)"
  [ -n "$base_url" ] && break
  sleep 0.1
done
[ -n "$base_url" ] || { cat "$work/emulator.log"; echo "the emulator did not start" >&2; exit 1; }
echo "emulator listening at $base_url (org label: demo)"

cat >"$work/config/terraformrc" <<CFG
provider_installation {
  dev_overrides {
    "seed762a2f0c/ardoq" = "$work/bin"
  }
  direct {}
}
CFG
export TF_CLI_CONFIG_FILE="$work/config/terraformrc" TF_IN_AUTOMATION=1
export ARDOQ_BASE_URL="$base_url" ARDOQ_API_TOKEN="$token" ARDOQ_ORG="demo"
cp examples/demo/*.tf "$work/"
cd "$work"

step "$cli apply: creating the model in the emulated org ($("$terraform" version | head -n1))"
"$terraform" apply -auto-approve -input=false -no-color 2>&1 | sed -e '/Provider development overrides are in effect/,/releases\.$/d' -e '/^[╷╵]/d' -e '/^│ *$/d'

step "$cli plan again: nothing should change"
set +e
"$terraform" plan -detailed-exitcode -input=false -no-color >"$work/plan.txt" 2>&1
code=$?
set -e
if [ "$code" -ne 0 ]; then
  cat "$work/plan.txt"
  echo "the second plan is not empty (exit $code): something drifts" >&2
  exit 1
fi
grep -E 'No changes' "$work/plan.txt"

step "What to look at"
cat <<MSG
  Outputs above: component keys, a reference across workspaces and the 'Applications overview' report,
  computed by the emulator from the model Terraform just created.
  The emulator served $base_url/api/v2 with a throwaway token ($token, org label demo).
  The state, the plan and the emulator's saved org: $work
MSG

step "Stopping the emulator"
kill "$emulator_pid" && wait "$emulator_pid" 2>/dev/null || true
trap - EXIT
echo "done; the org was saved to $work/emulator-state.json"

# What make emulator prints: its token and org label by default (the flag's and the default seed's), read
# from the command itself so these lines stay right.
"$work/bin/ardoq-emulator" -addr 127.0.0.1:0 >"$work/defaults.log" 2>&1 &
defaults_pid=$!
for _ in $(seq 1 100); do
  grep -q 'export ARDOQ_ORG=' "$work/defaults.log" && break
  sleep 0.1
done
kill "$defaults_pid" 2>/dev/null && wait "$defaults_pid" 2>/dev/null || true
exports="$(sed -n 's/^ *\(export ARDOQ_\(API_TOKEN\|ORG\)=.*\)$/\1/p' "$work/defaults.log")"
[ "$(printf '%s\n' "$exports" | grep -c .)" = 2 ] || { cat "$work/defaults.log"; echo "the emulator printed no export lines" >&2; exit 1; }
# The CLI by name when that is the one on PATH, else by path.
cli_cmd="$cli"
[ "$(command -v "$cli" 2>/dev/null)" = "$terraform" ] || cli_cmd="$(printf '%q' "$terraform")"
q_root="$(printf '%q' "$root")"

step "Your own configuration against the emulator"
cat <<MSG
  In one terminal, start a fresh emulated org at 127.0.0.1:8080 (Ctrl-C stops it; make emulator
  ADDR=127.0.0.1:9090 for another address, then use that in ARDOQ_BASE_URL):

cd $q_root && make emulator

  In another terminal, build the provider, point $cli at the build (dev_overrides: no registry and no
  init) and at the emulator, and plan and apply in a directory of your own (here a copy of the demo;
  your own .tf files need the required_providers block of its versions.tf):

cd $q_root && make dev
export TF_CLI_CONFIG_FILE=$q_root/bin/dev/terraformrc
export ARDOQ_BASE_URL=http://127.0.0.1:8080
$exports
mkdir -p "\$HOME/ardoq-try" && cp $q_root/examples/demo/*.tf "\$HOME/ardoq-try/" && cd "\$HOME/ardoq-try"
$cli_cmd plan
$cli_cmd apply

  While it runs, the model as a picture: http://127.0.0.1:8080/ (what changed: http://127.0.0.1:8080/changes).

MSG
