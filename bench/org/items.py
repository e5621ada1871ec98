#!/usr/bin/env python3
"""Writes the items of the org benchmark (scripts/bench-org.sh) as ardoq-export writes them: every item
literal, keyed, its workspace and type through data sources, references into the other workspace through a
local map of ids. Usage: items.py KIND N > items.tf, KIND one of one-root, old, applications, capabilities
(the split roots) and floor (terraform_data holding the same items plus an id and a version each).

The shape at N applications: a capability tree of 4 levels, 8/32/128/512 at N = 700 (scaled with N, names
repeating across branches); N applications (custom fields on 9 in 10, a colour on 1 in 5, a description),
N modules below them, 2N "Depends on" references; N "Realized by" references from level-4 capabilities to
applications and 20 references back from applications to capabilities."""
import math
import sys

kind, n = sys.argv[1], int(sys.argv[2])
l1 = max(1, math.ceil(8 * n / 700))
levels = [l1, 4 * l1, 16 * l1, 64 * l1]
L1 = ["Customer Management", "Product Management", "Finance", "Human Resources", "Operations",
      "Risk and Compliance", "Technology", "Strategy"]
NAMES = [None, ["Plan", "Build", "Run", "Improve"], ["Define", "Operate", "Measure", "Govern"],
         ["Intake", "Review", "Approve", "Report"]]
LIFECYCLE = ["plan", "build", "live", "retire"]
MODULES = ["API", "Frontend", "Worker", "Data"]
floor = kind == "floor"
out = []


def q(s):
    return '"%s"' % s


def item(key, attrs, indent="    "):
    out.append("%s%s = {" % (indent, q(key)))
    for k, v in attrs:
        if v is not None:
            out.append("%s  %s = %s" % (indent, k, v))
    if floor:
        out.append('%s  id = "000000000000000000000000"' % indent)
        out.append("%s  version = 1" % indent)
    out.append("%s}" % indent)


def fields(d):
    return "{ " + ", ".join("%s = %s" % kv for kv in d.items()) + " }"


if floor:
    app_ws, app_type, mod_type, dep = q("5eed0000000000000000b001"), q("p1700000000001"), q("p1700000000002"), "1"
    cap_ws, cap_type, realized = q("5eed0000000000000000b003"), q("p1700000000101"), "10"
else:
    app_ws, cap_ws = "data.ardoq_workspace.applications.id", "data.ardoq_workspace.business_capabilities.id"
    app_type = "data.ardoq_component_type.applications_application.type_id"
    mod_type = "data.ardoq_component_type.applications_application_module.type_id"
    dep = "data.ardoq_reference_type.applications_depends_on.type"
    cap_type = "data.ardoq_component_type.business_capabilities_capability.type_id"
    realized = "data.ardoq_reference_type.business_capabilities_realized_by.type"


def open_block(name):
    if floor:
        out.append('resource "terraform_data" "%s" {' % name)
        out.append("  input = {")
    else:
        out.append('resource "ardoq_batch" "%s" {' % name)


def close_block():
    out.append("  }" if floor else "")
    out.append("}")
    out.append("")


# Applications: N applications, N modules, 2N "Depends on"; 20 references back to capabilities.
if kind in ("one-root", "old", "applications", "floor"):
    open_block("applications")
    out.append("  components = {")
    for i in range(n):
        f = None if i % 10 == 9 else fields({"owner": q("team-%d" % (i % 12)), "cost": 1000 + i,
                                             "lifecycle": q(LIFECYCLE[i % 4]), "external_id": q("app-%d" % i)})
        item("APP-%d" % i, [("root_workspace", app_ws), ("type_id", app_type), ("name", q("Application %d" % i)),
                            ("description", q("Application %d of the portfolio" % i)),
                            ("color", q("#d53a7b") if i % 5 == 0 else None), ("custom_fields", f)])
    for i in range(n):
        f = None if i % 10 == 9 else fields({"owner": q("team-%d" % (i % 12)), "external_id": q("mod-%d" % i)})
        item("MOD-%d" % i, [("root_workspace", app_ws), ("type_id", mod_type), ("name", q(MODULES[i % 4])),
                            ("parent", q("APP-%d" % i)), ("custom_fields", f)])
    out.append("  }")
    # The references back name capabilities by component key through the listing of their workspace (the
    # batch of capabilities names this one's components, so this batch cannot name its): Ardoq gives the keys
    # at the create, so they come in var.capability_keys, from the state, for the apply after it.
    deps = []
    for i in range(n):
        deps.append(("DEP-%d" % i, q("MOD-%d" % i), q("APP-%d" % ((i + 1) % n))))
        deps.append(("DEP-%d" % (n + i), q("APP-%d" % i), q("APP-%d" % ((i + 7) % n))))
    back = [("BACK-%d" % j, "APP-%d" % (j * n // 20), "CAP-4-%d" % (j * levels[3] // 20)) for j in range(20)]
    if floor:
        out.append("  references = {")
    else:
        out.append("  references = merge({")
    for key, s, t in deps:
        item(key, [("source", s), ("target", t), ("type", dep)])
    if floor:
        for key, s, t in back:
            item(key, [("source", q(s)), ("target", q(t)), ("type", dep)])
        out.append("  }")
    else:
        out.append("    }, { for key, back in {")
        for key, s, t in back:
            out.append("      %s = { source = %s, target = %s }" % (q(key), q(s), q(t)))
        out.append("    } : key => { source = back.source, target = local.business_capabilities_component_ids[var.capability_keys[back.target]], type = %s } if length(var.capability_keys) > 0 })" % dep)
    close_block()

# Capabilities: the tree, and N "Realized by" references to applications.
if kind in ("one-root", "old", "capabilities", "floor"):
    open_block("business_capabilities")
    out.append("  components = {")
    for lvl in range(4):
        for i in range(levels[lvl]):
            name = (L1[i % 8] + ("" if i < 8 else " %d" % (i // 8 + 1))) if lvl == 0 else NAMES[lvl][i % 4]
            parent = None if lvl == 0 else q("CAP-%d-%d" % (lvl, i // 4))
            if lvl == 3 and i % (levels[3] // 10) == 0 and i // (levels[3] // 10) < 10:  # the 10 reparented
                parent = 'var.reparent ? "CAP-3-%d" : "CAP-3-%d"' % ((i // 4 + 1) % levels[2], i // 4)
            f = fields({"external_id": q("cap-%d-%d" % (lvl + 1, i))})
            if lvl >= 2 and i % 3 != 2:
                f = fields({"maturity": 1 + i % 5, "owner": q("team-%d" % (i % 12)), "external_id": q("cap-%d-%d" % (lvl + 1, i))})
            item("CAP-%d-%d" % (lvl + 1, i), [("root_workspace", cap_ws), ("type_id", cap_type), ("name", q(name)),
                                              ("description", q("Capability %d.%d" % (lvl + 1, i)) if lvl < 2 else None),
                                              ("parent", parent), ("custom_fields", f)])
    out.append("  }")
    out.append("  references = {")
    for i in range(n):
        target = {"one-root": 'local.applications_ids["APP-%d"]' % i,
                  "floor": 'local.applications_ids["APP-%d"]' % i,
                  "old": 'ardoq_batch.applications.computed_components["APP-%d"].id' % i,
                  "capabilities": 'local.applications_component_ids[var.application_keys["APP-%d"]]' % i}[kind]
        item("REAL-%d" % i, [("source", q("CAP-4-%d" % (i % levels[3]))), ("target", target), ("type", realized)])
    out.append("  }")
    close_block()

print("# Written by bench/org/items.py %s %d: do not edit." % (kind, n))
print()
print("\n".join(out))
