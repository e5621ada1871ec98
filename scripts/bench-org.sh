#!/usr/bin/env bash
# make bench-org: a real org's shape (issue 56) against the emulator with the real terraform, next to its
# floor (terraform_data holding the same items plus an id and a version per item), in one run. The shape at
# BENCH_ORG_N applications (default 700, BENCH_QUICK=1 divides by ten): "Business Capabilities", a tree of
# 8/32/128/512 capabilities, and "Applications", N applications, N modules, 2N "Depends on"; N "Realized
# by" from capabilities to applications and 20 references back (bench/org/items.py writes the items as
# ardoq-export does). Configurations (BENCH_ORG_CONFIGS picks some):
#   floor     bench/org-floor: the same items as two terraform_data
#   one-root  bench/org-one-root: both batches in one root, references across through a local map of ids
#   split     bench/org-split: one root per workspace, each naming the other's components through
#             data.ardoq_component_ids (applications' root first; the capabilities' destroyed first)
#   old       bench/org-old: one root, references as ardoq_batch.applications.computed_components["APP-x"].id
#             (one round only; a step is stopped after BENCH_ORG_LIMIT seconds, default 300)
# Steps: apply (create), apply (the 20 references back: Ardoq gives the capabilities' keys at the create,
# so they come from the state), plan (no change), apply (reparent 10 capabilities), destroy. For each: wall
# time, Terraform's CPU (terraform's and its children's, less the provider's), the provider's CPU (its
# processes run under /usr/bin/time), requests by endpoint and the provider's peak memory (VmHWM).
# BENCH_REPEAT=3 runs every configuration's steps three times, interleaved, and reports medians.
set -euo pipefail
for tool in /usr/bin/time bc python3 timeout; do
  command -v "$tool" >/dev/null || { echo "bench-org needs $tool (GNU time: apt-get install time)" >&2; exit 1; }
done
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
terraform="${TERRAFORM:-$(./scripts/terraform-path.sh)}"
div=1
[ "${BENCH_QUICK:-0}" = 1 ] && div=10
n=$((${BENCH_ORG_N:-700} / div))
repeat="${BENCH_REPEAT:-1}"
configs="${BENCH_ORG_CONFIGS:-floor one-root split old}"
limit="${BENCH_ORG_LIMIT:-300}"
work="$root/.bench-org"
rm -rf "$work" && mkdir -p "$work/bin" "$work/real"
go build -o "$work/real/terraform-provider-ardoq" .
go build -o "$work/ardoq-emulator" ./internal/cmd/ardoq-emulator
# The provider as Terraform starts it: under /usr/bin/time, which appends its user and system seconds.
cat >"$work/bin/terraform-provider-ardoq" <<SH
#!/bin/sh
exec /usr/bin/time -a -o "$work/provider-cpu" -f "cpu %U %S" "$work/real/terraform-provider-ardoq" "\$@"
SH
chmod +x "$work/bin/terraform-provider-ardoq"
cat >"$work/terraformrc" <<CFG
provider_installation {
  dev_overrides { "seed762a2f0c/ardoq" = "$work/bin" }
  direct {}
}
CFG
export TF_CLI_CONFIG_FILE="$work/terraformrc" TF_IN_AUTOMATION=1 ARDOQ_API_TOKEN=bench ARDOQ_ORG=bench

log="$work/requests.log"
"$work/ardoq-emulator" -addr 127.0.0.1:0 -token bench -org bench -max-batch-ops 0 -request-log "$log" >"$work/emulator.out" 2>&1 &
emulator=$!
trap 'kill "$emulator" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q base_url "$work/emulator.out" && break; sleep 0.1; done
ARDOQ_BASE_URL="$(sed -n 's/.*base_url=\([^ ]*\).*/\1/p' "$work/emulator.out")"
export ARDOQ_BASE_URL
touch "$log"

# Each root's directory: its main.tf and its items.
setup() {
  local dir="$1" src="$2" kind="$3"
  mkdir -p "$dir" && cp "bench/$src/main.tf" "$dir/" && python3 bench/org/items.py "$kind" "$n" >"$dir/items.tf"
}
setup "$work/floor" org-floor floor
setup "$work/one-root" org-one-root one-root
setup "$work/old" org-old old
setup "$work/apps" org-split/applications applications
setup "$work/caps" org-split/capabilities capabilities

# keys DIR BATCH PREFIX VARIABLE TO: writes TO/keys.auto.tfvars.json, VARIABLE = the component keys Ardoq
# gave the items of DIR's ardoq_batch BATCH whose keys start with PREFIX, from DIR's state.
keys() {
  python3 - "$@" <<'PY'
import json, sys
d, batch, prefix, var, to = sys.argv[1:]
st = json.load(open(d + "/terraform.tfstate"))
cc = next(r for r in st["resources"] if r["type"] == "ardoq_batch" and r["name"] == batch)["instances"][0]["attributes"]["computed_components"]
json.dump({var: {k: v["component_key"] for k, v in cc.items() if k.startswith(prefix)}}, open(to + "/keys.auto.tfvars.json", "w"))
PY
}

# measure DIR ARGS...: runs terraform; sets wall, tfcpu (terraform's own), pcpu (the provider's), peak (MiB)
# and requests (by endpoint). A command past BENCH_ORG_LIMIT seconds is stopped: wall is then "> limit".
measure() {
  local dir="$1"; shift
  local before peakkb=0 tf name arg0 key value rc=0 total user sys
  before=$(wc -l <"$log")
  : >"$work/provider-cpu"
  (cd "$dir" && exec /usr/bin/time -o "$work/time" -f "cpu %e %U %S" timeout -k 10 "$limit" "$terraform" "$@" -no-color -input=false >>"$dir/terraform.out" 2>&1) &
  tf=$!
  while kill -0 "$tf" 2>/dev/null; do
    for comm in /proc/[0-9]*/comm; do
      { read -r name <"$comm"; } 2>/dev/null || continue
      [ "$name" = terraform-provi ] || continue
      # Only this run's provider (other providers may run on the machine meanwhile).
      { read -r -d '' arg0 <"${comm%comm}cmdline"; } 2>/dev/null || true
      [ "$arg0" = "$work/real/terraform-provider-ardoq" ] || continue
      while read -r key value _; do
        [ "$key" = VmHWM: ] && [ "$value" -gt "$peakkb" ] && peakkb=$value
      done 2>/dev/null <"${comm%comm}status" || true
    done
    sleep 0.1
  done
  wait "$tf" || rc=$?
  read -r _ wall user sys < <(grep '^cpu ' "$work/time")
  total=$(echo "$user + $sys" | bc)
  pcpu=$(awk '$1 == "cpu" {s += $2 + $3} END {printf "%.2f", s}' "$work/provider-cpu")
  tfcpu=$(printf '%.2f' "$(echo "$total - $pcpu" | bc)")
  peak=$((peakkb / 1024))
  requests=$(tail -n +"$((before + 1))" "$log" | sort | uniq -c | sort -rn | awk '{printf "%s%s %s x%s", sep, $2, $3, $1; sep=", "}')
  requests=${requests:-none}
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    wall="> $limit"
  elif [ "$rc" -ne 0 ] && ! { [ "$rc" -eq 2 ] && [ "$1" = plan ]; }; then
    tail -n 40 "$dir/terraform.out"; echo "terraform $* in $dir failed ($rc)" >&2; exit 1
  fi
  [ "$rc" -eq 2 ] && echo "note: terraform $* in $dir planned changes" >&2
  return 0
}

steps=("apply (create)" "apply (the 20 references back)" "plan (no change)" "apply (reparent 10)" "destroy")
declare -A walls tfcpus pcpus peaks reqs

# record CONFIG STEP: adds the last measure's figures to CONFIG's STEP (split: root A, then B).
record() {
  local k="$1/$2"
  walls[$k]+="$wall;" tfcpus[$k]+="$tfcpu;" pcpus[$k]+="$pcpu;" reqs[$k]+="$requests;"
  [ "$peak" -gt "${peaks[$k]:-0}" ] && peaks[$k]=$peak
  return 0
}

# run CONFIG STEP: one step of a configuration (both roots of the split).
run() {
  local c="$1" s="$2" d="$work/$1"
  case "$c/$s" in
    floor/"apply (the 20 references back)") return ;; # the floor has them from the create
    */"apply (create)")
      rm -f "$work"/*/keys.auto.tfvars.json
      if [ "$c" = split ]; then
        measure "$work/apps" apply -auto-approve; record "$c" "$s/a"
        keys "$work/apps" applications APP- application_keys "$work/caps"
        measure "$work/caps" apply -auto-approve; record "$c" "$s/b"
      else
        measure "$d" apply -auto-approve; record "$c" "$s"
      fi ;;
    */"apply (the 20 references back)")
      if [ "$c" = split ]; then
        keys "$work/caps" business_capabilities CAP-4- capability_keys "$work/apps"
        measure "$work/apps" apply -auto-approve; record "$c" "$s/a"
      else
        keys "$d" business_capabilities CAP-4- capability_keys "$d"
        measure "$d" apply -auto-approve; record "$c" "$s"
      fi ;;
    */"plan (no change)")
      if [ "$c" = split ]; then
        measure "$work/apps" plan -detailed-exitcode; record "$c" "$s/a"
        measure "$work/caps" plan -detailed-exitcode; record "$c" "$s/b"
      else
        measure "$d" plan -detailed-exitcode; record "$c" "$s"
      fi ;;
    */"apply (reparent 10)")
      if [ "$c" = split ]; then
        measure "$work/apps" apply -auto-approve; record "$c" "$s/a"
        measure "$work/caps" apply -auto-approve -var reparent=true; record "$c" "$s/b"
      else
        measure "$d" apply -auto-approve -var reparent=true; record "$c" "$s"
      fi ;;
    */destroy)
      # Destroying capabilities deletes the references back with them (Ardoq cascades): allowed here.
      if [ "$c" = split ]; then # the capabilities' root first: its references need the applications
        ARDOQ_ALLOW_CASCADE_DELETE=true measure "$work/caps" destroy -auto-approve -var reparent=true; record "$c" "$s/b"
        # Its references back now name keys gone from the listing, which fails any plan that still uses them.
        rm -f "$work/apps/keys.auto.tfvars.json"
        measure "$work/apps" destroy -auto-approve; record "$c" "$s/a"
      else
        ARDOQ_ALLOW_CASCADE_DELETE=true measure "$d" destroy -auto-approve -var reparent=true; record "$c" "$s"
      fi ;;
  esac
}

median() { tr ';' '\n' <<<"$1" | sed '/^$/d' | sort -n | sed -n "$(( ($(tr ';' '\n' <<<"$1" | sed '/^$/d' | wc -l) + 1) / 2 ))p"; }

echo "Terraform: $("$terraform" version | head -n1); machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); n = $n; rounds: $repeat (medians)"
for round in $(seq 1 "$repeat"); do
  for c in $configs; do
    [ "$c" = old ] && [ "$round" -gt 1 ] && continue
    for s in "${steps[@]}"; do run "$c" "$s"; done
  done
done

# cell KEY: wall, Terraform's CPU, the provider's CPU (medians), peak, requests of one root's step.
cell() {
  local k="$1" w
  w=$(median "${walls[$k]}")
  case "${walls[$k]}" in *">"*) w="> $limit" ;; esac
  printf '%s s | %s | %s | %s MiB | %s' "$w" "$(median "${tfcpus[$k]}")" "$(median "${pcpus[$k]}")" "${peaks[$k]:-0}" "${reqs[$k]%%;*}"
}

echo
echo "### A real org's shape: $n applications (bench/org/items.py), emulator on loopback; CPU in seconds"
echo
echo "| configuration | step | wall | Terraform CPU | provider CPU | provider peak | requests |"
echo "|---|---|---|---|---|---|---|"
for c in $configs; do
  for s in "${steps[@]}"; do
    for part in "" /a /b; do
      k="$c/$s$part"
      [ -n "${walls[$k]:-}" ] || continue
      label=$c
      [ "$part" = /a ] && label="split: applications"
      [ "$part" = /b ] && label="split: capabilities"
      echo "| $label | $s | $(cell "$k") |"
    done
    if [ -n "${walls[$c/$s/b]:-}" ] && [ -n "${walls[$c/$s/a]:-}" ]; then
      printf '| split: both | %s | %.2f s | %.2f | %.2f | | |\n' "$s" \
        "$(echo "$(median "${walls[$c/$s/a]}") + $(median "${walls[$c/$s/b]}")" | bc)" \
        "$(echo "$(median "${tfcpus[$c/$s/a]}") + $(median "${tfcpus[$c/$s/b]}")" | bc)" \
        "$(echo "$(median "${pcpus[$c/$s/a]}") + $(median "${pcpus[$c/$s/b]}")" | bc)"
    fi
  done
done
echo
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
