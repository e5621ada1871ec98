# The floor for single resources: one terraform_data per component and per reference, holding the same input
# plus a version (terraform_data has its own id): what any provider must record, with no provider work at all.
variable "n" {
  type    = number
  default = 1000
}

locals {
  indexes = toset(flatten([for a in range(ceil(var.n / 1000)) : [for b in range(1000) : tostring(a * 1000 + b) if a * 1000 + b < var.n]]))
}

variable "renamed" {
  type    = number
  default = 0
}

resource "terraform_data" "c" {
  for_each = local.indexes
  input = {
    root_workspace = "5eed0000000000000000b001", type_id = "p1700000000001", version = 1
    name           = tonumber(each.key) < var.renamed ? "Renamed ${each.key}" : "Component ${each.key}"
  }
}

resource "terraform_data" "r" {
  for_each = local.indexes
  input = {
    source  = terraform_data.c[each.key].id, target = terraform_data.c[tostring((tonumber(each.key) + 1) % var.n)].id, type = 1
    version = 1
  }
}
