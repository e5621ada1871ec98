variable "workspace" {
  description = "Name of the workspace to adopt."
  type        = string
  default     = "Business Capabilities"
}

data "ardoq_workspace" "caps" {
  name = var.workspace
}

# Every component of the workspace, found with the API's filters (all pages).
data "ardoq_components" "existing" {
  root_workspace = data.ardoq_workspace.caps.id
}

locals {
  existing = { for c in data.ardoq_components.existing.components : c.component_key => c }
}

# Terraform 1.7+: one import block for every component found.
import {
  for_each = local.existing
  to       = ardoq_component.adopted[each.key]
  id       = each.value.id
}

# The configuration that matches them, written from the same data: the first plan imports and changes nothing.
# custom_fields is left out: an import takes over no custom field, so Ardoq keeps them all. Name the ones
# Terraform should manage later; the plan shows them as added, and the apply sends those only.
resource "ardoq_component" "adopted" {
  for_each       = local.existing
  name           = each.value.name
  root_workspace = each.value.root_workspace
  type_id        = each.value.type_id
  parent         = each.value.parent
  description    = each.value.description
}
