#!/usr/bin/env bash
# make bench-export: the plans of a workspace adopted with ardoq-export -style single, at 1,500 components and
# 1,500 references (BENCH_APPS applications of 4 modules, a reference from each module to its application
# and from each application to the next), next to two floors, in one run on one emulator:
#   terraform_data  the exported configuration with each resource a terraform_data holding the same values
#                   (Terraform's own cost for the same data, in-process, no plugin);
#   fwfloor         the same configuration served by bench/fwfloor: a framework provider with exactly
#                   ardoq_component's and ardoq_reference's schemas that does nothing (what any framework
#                   provider with these schemas costs Terraform and the framework).
# Steps: the first plan (imports everything), the apply (writes nothing), the plan with no change with the
# import blocks kept, then with them removed; each with wall time, CPU seconds of terraform and its
# providers, and the requests the emulator answered. BENCH_REPEAT=2 repeats the no-change plans.
set -euo pipefail
for tool in /usr/bin/time bc python3; do
  command -v "$tool" >/dev/null || { echo "bench-export needs $tool (GNU time: apt-get install time)" >&2; exit 1; }
done
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
terraform="${TERRAFORM:-$(./scripts/terraform-path.sh)}"
apps="${BENCH_APPS:-300}"
repeat="${BENCH_REPEAT:-2}"
work="$root/.bench-export"
rm -rf "$work" && mkdir -p "$work/bin" "$work/fw"
go build -o "$work/bin/terraform-provider-ardoq" .
go build -o "$work/bin/ardoq-emulator" ./internal/cmd/ardoq-emulator
go build -o "$work/bin/ardoq-export" ./internal/cmd/ardoq-export
go build -o "$work/fw/terraform-provider-fwfloor" ./bench/fwfloor
cat >"$work/terraformrc" <<CFG
provider_installation {
  dev_overrides {
    "seed762a2f0c/ardoq"   = "$work/bin"
    "seed762a2f0c/fwfloor" = "$work/fw"
  }
  direct {}
}
CFG
# The plugin libraries' logs off for fwfloor as main.go turns them off for the provider.
export TF_CLI_CONFIG_FILE="$work/terraformrc" TF_IN_AUTOMATION=1 ARDOQ_API_TOKEN=bench ARDOQ_ORG=bench \
  TF_LOG_SDK=off TF_LOG_SDK_FRAMEWORK=off TF_LOG_SDK_PROTO=off

log="$work/requests.log"
"$work/bin/ardoq-emulator" -addr 127.0.0.1:0 -token bench -org bench -request-log "$log" >"$work/emulator.out" 2>&1 &
emulator=$!
trap 'kill "$emulator" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q base_url "$work/emulator.out" && break; sleep 0.1; done
ARDOQ_BASE_URL="$(sed -n 's/.*base_url=\([^ ]*\).*/\1/p' "$work/emulator.out")"
export ARDOQ_BASE_URL
touch "$log"

# The workspace made "by hand": one batch request, as a script against the API would.
python3 - "$ARDOQ_BASE_URL" "$apps" <<'PY'
import json, sys, urllib.request
base, apps = sys.argv[1], int(sys.argv[2])
ws, app, mod = "5eed0000000000000000b001", "p1700000000001", "p1700000000002"
comps, refs = [], []
for a in range(apps):
    body = {"name": "App %03d" % a, "rootWorkspace": ws, "typeId": app}
    if a % 5 == 0:
        body["color"] = "#d53a7b"
    comps.append({"batchId": "a%d" % a, "body": body})
    for m in range(4):
        comps.append({"batchId": "a%dm%d" % (a, m), "body": {"name": "Module %d of App %03d" % (m, a), "rootWorkspace": ws, "typeId": mod, "parent": "a%d" % a}})
        refs.append({"body": {"source": "a%dm%d" % (a, m), "target": "a%d" % a, "type": 1}})
    refs.append({"body": {"source": "a%d" % a, "target": "a%d" % ((a + 1) % apps), "type": 1}})
req = urllib.request.Request(base + "/api/v2/batch", method="POST",
    data=json.dumps({"components": {"create": comps}, "references": {"create": refs}}).encode(),
    headers={"Authorization": "Bearer bench", "X-org": "bench", "Content-Type": "application/json"})
urllib.request.urlopen(req).read()
PY

"$work/bin/ardoq-export" -style single -workspace Applications -out "$work/ardoq" 2>"$work/export.out" ||
  { cat "$work/export.out"; echo "ardoq-export failed" >&2; exit 1; }

# The floors' configurations: the exported resources renamed, without import blocks.
python3 - "$work" <<'PY'
import json, os, re, sys
work = sys.argv[1]
tf = open(os.path.join(work, "ardoq", "applications.tf")).read()
tf = re.sub(r'import \{\n  to = [^\n]*\n  id = [^\n]*\n\}\n', '', tf)
open(os.path.join(work, "ardoq-no-imports.tf"), "w").write(tf)
versions = open(os.path.join(work, "ardoq", "versions.tf")).read()
versions = versions.replace('source = "seed762a2f0c/ardoq"\n    }', 'source = "seed762a2f0c/ardoq"\n    }\n    fwfloor = {\n      source = "seed762a2f0c/fwfloor"\n    }')
with_imports = open(os.path.join(work, "ardoq", "applications.tf")).read()
for d, text in (("fwfloor", tf), ("fwfloor-imports", with_imports)):
    os.makedirs(os.path.join(work, d))
    fw = re.sub(r'(resource|import \{\n  to =) "?ardoq_(component|reference)"?', lambda m: m.group(0).replace("ardoq_", "fwfloor_"), text)
    fw = re.sub(r'(?<![\w."])ardoq_(component|reference)\.', r'fwfloor_\1.', fw)
    open(os.path.join(work, d, "applications.tf"), "w").write(fw)
    open(os.path.join(work, d, "versions.tf"), "w").write(versions)
# terraform_data: each resource's arguments as its input, references between them kept.
os.makedirs(os.path.join(work, "terraform_data"))
blocks = re.findall(r'resource "(ardoq_component|ardoq_reference)" "(\w+)" \{\n(.*?)\n\}\n', tf, re.S)
out = []
for typ, name, body in blocks:
    body = re.sub(r'(?<![\w.])ardoq_(component|reference)\.(\w+)\.id', r'terraform_data.\1_\2.output.id', body)
    body = re.sub(r'data\.ardoq_[\w.]+', '"x"', body)
    out.append('resource "terraform_data" "%s_%s" {\n  input = {\n    id = "%s"\n    version = 1\n%s\n  }\n}\n' % (typ[6:], name, name, body))
open(os.path.join(work, "terraform_data", "main.tf"), "w").write("\n".join(out))
PY

# measure LABEL DIR ARGS...: wall, CPU seconds (terraform and its plugins) and requests of one command.
measure() {
  local label="$1" dir="$2"; shift 2
  local before times requests wall user sys
  before=$(wc -l <"$log")
  (cd "$dir" && /usr/bin/time -o "$work/time" -f "%e %U %S" "$terraform" "$@" -no-color -input=false >>"$dir/terraform.out" 2>&1) ||
    { tail -n 30 "$dir/terraform.out"; echo "$label failed" >&2; exit 1; }
  times=$(tail -n1 "$work/time")
  requests=$(tail -n +"$((before + 1))" "$log" | sort | uniq -c | sort -rn | awk '{printf "%s%s %s x%s", sep, $2, $3, $1; sep=", "}')
  read -r wall user sys <<<"$times"
  printf '| %s | %.1f s | %.1f CPU-s | %s |\n' "$label" "$wall" "$(echo "$user + $sys" | bc)" "${requests:-none}"
}

echo "Terraform: $("$terraform" version | head -n1); machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "### ardoq-export -style single, $((apps * 5)) components and $((apps * 5)) references"
echo
echo "| step | wall | CPU (terraform and its providers) | requests |"
echo "|---|---|---|---|"
measure "terraform_data: apply (create)" "$work/terraform_data" apply -auto-approve
measure "ardoq: first plan (imports everything)" "$work/ardoq" plan
measure "ardoq: apply (imports, writes nothing)" "$work/ardoq" apply -auto-approve
cp "$work/ardoq/terraform.tfstate" "$work/fwfloor/terraform.tfstate"
python3 - "$work/fwfloor/terraform.tfstate" <<'PY'
import json, sys
p = sys.argv[1]
st = json.load(open(p))
for r in st["resources"]:
    if r["mode"] == "managed":
        r["type"] = r["type"].replace("ardoq_", "fwfloor_")
        r["provider"] = 'provider["registry.terraform.io/seed762a2f0c/fwfloor"]'
        for i in r["instances"]:
            for k in ("identity", "identity_schema_version", "private"):
                i.pop(k, None)
json.dump(st, open(p, "w"))
PY
cp "$work/fwfloor/terraform.tfstate" "$work/fwfloor-imports/terraform.tfstate"
mkdir -p "$work/ardoq-no-imports"
cp "$work/ardoq-no-imports.tf" "$work/ardoq-no-imports/applications.tf"
cp "$work/ardoq/versions.tf" "$work/ardoq/terraform.tfstate" "$work/ardoq-no-imports/"
for round in $(seq 1 "$repeat"); do
  measure "terraform_data: plan, no change" "$work/terraform_data" plan -detailed-exitcode
  measure "fwfloor: plan, no change" "$work/fwfloor" plan -detailed-exitcode
  measure "ardoq: plan, no change, import blocks removed" "$work/ardoq-no-imports" plan -detailed-exitcode
  measure "fwfloor: plan, no change, import blocks kept" "$work/fwfloor-imports" plan -detailed-exitcode
  measure "ardoq: plan, no change, import blocks kept" "$work/ardoq" plan -detailed-exitcode
done
echo
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
