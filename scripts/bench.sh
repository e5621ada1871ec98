#!/usr/bin/env bash
# make bench: the provider against the emulator with the real terraform, next to terraform_data holding
# the same input plus an id and a version per item (the floor: Terraform's own cost for what any provider must
# record), in the same run. Three workloads:
#   single        BENCH_SINGLE_N ardoq_component + as many ardoq_reference (for_each), default 200
#   batch-small   ardoq_batch with N + N small items (parent and references by key), one table per N in
#                 BENCH_SMALL_SIZES, default "2500 20000 50000"
#   batch-fields  ardoq_batch with BENCH_N + BENCH_N items carrying custom fields, default 20,000
# each against an emulator on plain loopback and one adding 100 ms to every request (BENCH_LATENCIES).
# BENCH_QUICK=1 divides every N by ten. BENCH_ONLY="single batch-small" picks workloads. BENCH_REPEAT=3 runs
# every step three times, interleaved with the floor's, and reports the median (the small workloads vary
# by a few tenths of a second from run to run). BENCH_PARALLELISM=40 passes -parallelism=40 to every
# terraform command, the floor's included (Terraform's default is 10).
# For each step: wall time, ratio to the floor, the provider's peak memory (VmHWM) and requests by endpoint.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
terraform="${TERRAFORM:-$(./scripts/terraform-path.sh)}"
div=1
[ "${BENCH_QUICK:-0}" = 1 ] && div=10
single_n=$((${BENCH_SINGLE_N:-200} / div))
small_sizes=()
for n in ${BENCH_SMALL_SIZES:-2500 20000 50000}; do small_sizes+=($((n / div))); done
fields_n=$((${BENCH_N:-20000} / div))
latencies="${BENCH_LATENCIES:-0 100ms}"
repeat="${BENCH_REPEAT:-1}"
parallelism=()
[ -n "${BENCH_PARALLELISM:-}" ] && parallelism=("-parallelism=${BENCH_PARALLELISM}")
only="${BENCH_ONLY:-single batch-small batch-fields}"
work="$root/.bench"
rm -rf "$work" && mkdir -p "$work/bin"
go build -o "$work/bin/terraform-provider-ardoq" .
go build -o "$work/bin/ardoq-emulator" ./internal/cmd/ardoq-emulator
cat >"$work/terraformrc" <<CFG
provider_installation {
  dev_overrides { "seed762a2f0c/ardoq" = "$work/bin" }
  direct {}
}
CFG
export TF_CLI_CONFIG_FILE="$work/terraformrc" TF_IN_AUTOMATION=1 ARDOQ_API_TOKEN=bench ARDOQ_ORG=bench

# One emulator per latency, each with its own request log.
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
declare -A base_url
for latency in $latencies; do
  "$work/bin/ardoq-emulator" -addr 127.0.0.1:0 -token bench -org bench -max-batch-ops 0 -latency "$( [ "$latency" = 0 ] && echo 0s || echo "$latency")" \
    -request-log "$work/requests-$latency.log" >"$work/emulator-$latency.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 100); do grep -q base_url "$work/emulator-$latency.out" && break; sleep 0.1; done
  base_url[$latency]="$(sed -n 's/.*base_url=\([^ ]*\).*/\1/p' "$work/emulator-$latency.out")"
  touch "$work/requests-$latency.log"
done

# measure DIR LATENCY N ARGS...: runs terraform, sets wall (s), peak (MiB) and requests (by endpoint).
measure() {
  local dir="$1" latency="$2" n="$3"; shift 3
  local log="$work/requests-$latency.log" before peakkb=0 start end tf name key value
  before=$(wc -l <"$log")
  start=$(date +%s.%N)
  (cd "$dir" && ARDOQ_BASE_URL="${base_url[$latency]}" "$terraform" "$@" "${parallelism[@]}" -no-color -input=false -var "n=$n" >>"$dir/terraform.out" 2>&1) &
  tf=$!
  # The provider's peak: its high-water mark (VmHWM), sampled ten times a second with shell builtins only,
  # so that measuring costs next to nothing (forking a grep per process every 50 ms took a core).
  while kill -0 "$tf" 2>/dev/null; do
    for comm in /proc/[0-9]*/comm; do
      { read -r name <"$comm"; } 2>/dev/null || continue # the process may have exited
      [ "$name" = terraform-provi ] || continue
      while read -r key value _; do
        [ "$key" = VmHWM: ] && [ "$value" -gt "$peakkb" ] && peakkb=$value
      done 2>/dev/null <"${comm%comm}status" || true # the process may have exited since
    done
    sleep 0.1
  done
  wait "$tf" || { rc=$?; [ "$rc" -eq 2 ] || { tail -n 40 "$dir/terraform.out"; echo "terraform $* in $dir failed ($rc)" >&2; exit 1; }; }
  end=$(date +%s.%N)
  wall=$(echo "$end - $start" | bc)
  peak=$([ "$peakkb" -gt 0 ] && echo "$((peakkb / 1024)) MiB" || echo "-")
  requests=$(tail -n +"$((before + 1))" "$log" | sort | uniq -c | sort -rn | awk '{printf "%s%s %s x%s", sep, $2, $3, $1; sep=", "}')
  requests=${requests:-none}
}

steps=("apply (create)" "plan (no change)" "apply (change 10)" "destroy")
step_args() {
  case "$1" in
    "apply (create)") echo "apply -auto-approve" ;;
    "plan (no change)") echo "plan -detailed-exitcode" ;;
    "apply (change 10)") echo "apply -auto-approve -var renamed=10" ;;
    "destroy") echo "destroy -auto-approve -var renamed=10" ;;
  esac
}

# median VALUES...: the middle value (the lower of the two middle ones for an even count).
median() { printf '%s\n' "$@" | sort -n | sed -n "$(( ($# + 1) / 2 ))p"; }

# workload NAME PROVIDER_DIR FLOOR_DIR N: the floor's steps, then the provider's at each latency, BENCH_REPEAT
# rounds of them interleaved (each step's median wall time; the highest peak); one table.
workload() {
  local name="$1" provider="$2" floor="$3" n="$4" step latency round
  declare -A floor_walls p_walls floor_wall p_wall p_peak p_requests
  mkdir -p "$work/$name/floor" && cp "bench/$floor/main.tf" "$work/$name/floor/"
  for latency in $latencies; do
    mkdir -p "$work/$name/$latency" && cp "bench/$provider/main.tf" "$work/$name/$latency/"
  done
  for round in $(seq 1 "$repeat"); do
    for step in "${steps[@]}"; do
      # shellcheck disable=SC2046
      measure "$work/$name/floor" "${latencies%% *}" "$n" $(step_args "$step") # the floor sends no request
      floor_walls[$step]+="$wall "
    done
    for latency in $latencies; do
      for step in "${steps[@]}"; do
        # shellcheck disable=SC2046
        measure "$work/$name/$latency" "$latency" "$n" $(step_args "$step")
        p_walls[$step/$latency]+="$wall " p_requests[$step/$latency]=$requests
        [ "${peak% MiB}" -gt "${p_peak[$step/$latency]:-0}" ] 2>/dev/null && p_peak[$step/$latency]=${peak% MiB}
      done
    done
  done
  for step in "${steps[@]}"; do
    # shellcheck disable=SC2086
    floor_wall[$step]=$(median ${floor_walls[$step]})
    for latency in $latencies; do
      # shellcheck disable=SC2086
      p_wall[$step/$latency]=$(median ${p_walls[$step/$latency]})
      p_peak[$step/$latency]=$([ -n "${p_peak[$step/$latency]:-}" ] && echo "${p_peak[$step/$latency]} MiB" || echo -)
    done
  done
  echo
  echo "### $name: $(sed -n 's/^# bench: //p' "bench/$provider/main.tf" | sed "s/{n}/$n/g")"
  echo
  local header="| step | floor |" rule="|---|---|"
  for latency in $latencies; do
    header+=" ${latency/#0/loopback} | ratio | peak RSS |"
    rule+="---|---|---|"
  done
  local first=${latencies%% *}
  echo "$header requests (${first/#0/loopback}) |"
  echo "$rule---|"
  for step in "${steps[@]}"; do
    local row
    row="| $step | $(printf '%.1f s' "${floor_wall[$step]}") |"
    for latency in $latencies; do
      row+=" $(printf '%.1f s' "${p_wall[$step/$latency]}") | $(printf '%.2fx' "$(echo "${p_wall[$step/$latency]} / ${floor_wall[$step]}" | bc -l)") | ${p_peak[$step/$latency]} |"
    done
    local first=${latencies%% *}
    echo "$row ${p_requests[$step/$first]} |"
  done
}

echo "Terraform: $("$terraform" version | head -n1); machine: $(nproc) cores; latencies: $latencies; rounds: $repeat (medians); parallelism: ${BENCH_PARALLELISM:-10 (the default)}"
for w in $only; do
  case "$w" in
    single) [ "$single_n" -gt 0 ] && workload single single single-floor "$single_n" ;;
    batch-small) for n in "${small_sizes[@]}"; do [ "$n" -gt 0 ] && workload "batch-small-$n" batch-small batch-small-floor "$n"; done ;;
    batch-fields) [ "$fields_n" -gt 0 ] && workload batch-fields batch floor "$fields_n" ;;
    *) echo "unknown workload $w (single, batch-small, batch-fields)" >&2; exit 1 ;;
  esac
done
