#!/usr/bin/env bash
# make bench: ardoq_batch with N components and N references (default 5,000 each) against the emulator
# with the real terraform, next to terraform_data holding the same data (the floor: Terraform's own cost).
# For each step: wall time, requests by endpoint, and the provider process's peak memory (VmHWM).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
terraform="${TERRAFORM:-$(./scripts/terraform-path.sh)}"
n="${BENCH_N:-5000}"
single_n="${BENCH_SINGLE_N:-1000}" # 0 skips the single-resource part
work="$root/.bench"
rm -rf "$work" && mkdir -p "$work/bin" "$work/batch" "$work/floor" "$work/single" "$work/single-floor"
go build -o "$work/bin/terraform-provider-ardoq" .
go build -o "$work/bin/ardoq-emulator" ./internal/cmd/ardoq-emulator
cp bench/batch/main.tf "$work/batch/"
cp bench/floor/main.tf "$work/floor/"
cp bench/single/main.tf "$work/single/"
cp bench/single-floor/main.tf "$work/single-floor/"

"$work/bin/ardoq-emulator" -addr 127.0.0.1:0 -token bench -org bench -max-batch-ops 0 -request-log "$work/requests.log" >"$work/emulator.out" 2>&1 &
emulator=$!
trap 'kill $emulator 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q base_url "$work/emulator.out" && break; sleep 0.1; done
base_url="$(sed -n 's/.*base_url=\([^ ]*\).*/\1/p' "$work/emulator.out")"
cat >"$work/terraformrc" <<CFG
provider_installation {
  dev_overrides { "seed762a2f0c/ardoq" = "$work/bin" }
  direct {}
}
CFG
export TF_CLI_CONFIG_FILE="$work/terraformrc" TF_IN_AUTOMATION=1 ARDOQ_BASE_URL="$base_url" ARDOQ_API_TOKEN=bench ARDOQ_ORG=bench
touch "$work/requests.log"

# peak_rss watches for provider processes and prints the largest VmHWM (KiB) seen while $1 runs.
measure() {
  local dir="$1" label="$2"; shift 2
  local before peak=0 start end
  before=$(wc -l <"$work/requests.log")
  start=$(date +%s.%N)
  (cd "$dir" && "$terraform" "$@" -no-color -input=false -var "n=${size:-$n}" >"$work/$label.out" 2>&1) &
  local tf=$!
  while kill -0 "$tf" 2>/dev/null; do
    for status in /proc/[0-9]*/status; do
      if grep -q '^Name:.*terraform-provi' "$status" 2>/dev/null; then
        hwm=$(awk '/^VmHWM/ {print $2}' "$status" 2>/dev/null || echo 0)
        [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ] && peak=$hwm
      fi
    done
    sleep 0.05
  done
  wait "$tf" || { rc=$?; [ "$rc" -eq 2 ] || { cat "$work/$label.out"; echo "$label failed ($rc)" >&2; exit 1; }; }
  end=$(date +%s.%N)
  local requests
  requests=$(tail -n +"$((before + 1))" "$work/requests.log" | sort | uniq -c | sort -rn | awk '{printf "%s%s %s x%s", sep, $2, $3, $1; sep="; "}')
  printf "| %-28s | %7.1f s | %8s | %s |\n" "$label" "$(echo "$end - $start" | bc)" "$([ "$peak" -gt 0 ] && echo "$((peak / 1024)) MiB" || echo "-")" "${requests:-none}"
}

echo "ardoq_batch with $n components and $n references, against terraform_data holding the same data"
echo "Terraform: $("$terraform" version | head -n1); machine: $(nproc) cores"
echo
echo "| step                         | wall      | provider peak RSS | requests (emulator log) |"
echo "|------------------------------|-----------|----------|-------------------------|"
measure "$work/floor" "floor: apply (create)" apply -auto-approve
measure "$work/floor" "floor: plan (no change)" plan -detailed-exitcode
measure "$work/floor" "floor: apply (change 10)" apply -auto-approve -var renamed=10
measure "$work/floor" "floor: plan again" plan -detailed-exitcode -var renamed=10
measure "$work/floor" "floor: destroy" destroy -auto-approve -var renamed=10
measure "$work/batch" "batch: apply (create)" apply -auto-approve
measure "$work/batch" "batch: plan (no change)" plan -detailed-exitcode
measure "$work/batch" "batch: apply (change 10)" apply -auto-approve -var renamed=10
measure "$work/batch" "batch: plan again" plan -detailed-exitcode -var renamed=10
measure "$work/batch" "batch: destroy" destroy -auto-approve -var renamed=10

if [ "$single_n" -gt 0 ]; then
  size=$single_n
  echo
  echo "$single_n ardoq_component and $single_n ardoq_reference (for_each), against terraform_data resources holding the same"
  echo
  echo "| step                         | wall      | provider peak RSS | requests (emulator log) |"
  echo "|------------------------------|-----------|----------|-------------------------|"
  measure "$work/single-floor" "floor: apply (create)" apply -auto-approve
  measure "$work/single-floor" "floor: plan (no change)" plan -detailed-exitcode
  measure "$work/single-floor" "floor: apply (change 10)" apply -auto-approve -var renamed=10
  measure "$work/single-floor" "floor: destroy" destroy -auto-approve -var renamed=10
  measure "$work/single" "single: apply (create)" apply -auto-approve
  measure "$work/single" "single: plan (no change)" plan -detailed-exitcode
  measure "$work/single" "single: apply (change 10)" apply -auto-approve -var renamed=10
  measure "$work/single" "single: destroy" destroy -auto-approve -var renamed=10
fi
