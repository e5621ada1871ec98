# The floor for the org benchmark: terraform_data holding the same items (items.tf, literal ids) plus an id and a
# version per item, the capabilities' references naming applications through a local map as org-one-root's do.

# true moves 10 level-4 capabilities below another level-3 one.
variable "reparent" {
  type    = bool
  default = false
}

locals {
  applications_ids = { for key, item in terraform_data.applications.output.components : key => item.id }
}
